/**
 * The project's own folders, found from where this code runs: `server/` under tsx and
 * `dist/server/` once bundled (`npm run build`), so neither may count `../` steps.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'junction') return dir;
    if (dirname(dir) === dir) throw new Error(`no Junction package.json above ${from}`);
  }
}

export const projectRoot = findProjectRoot(dirname(fileURLToPath(import.meta.url)));
export const clientDir = join(projectRoot, 'dist', 'client');
export const packageManifest = join(projectRoot, 'package.json');
