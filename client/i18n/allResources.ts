/** Every locale file at once, for tests that check keys across all namespaces (never imported by the client). */
import { withManyForms } from './index.js';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

export function bundledResources(): Record<string, Record<string, Record<string, unknown>>> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, mod] of Object.entries(files)) {
    const m = /\.\/locales\/([a-z]+)\/([A-Za-z0-9_-]+)\.json$/.exec(path);
    if (m) (resources[m[1]] ??= {})[m[2]] = withManyForms(mod.default);
  }
  return resources;
}
