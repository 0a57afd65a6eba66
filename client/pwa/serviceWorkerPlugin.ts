/**
 * Emits the service worker (/sw.js) with the build: serviceWorker.ts bundled by esbuild, given the
 * build's version (a hash of every file it lists) and the list itself (every emitted file and every
 * file of client/public, but not source maps or Vite's manifest). A new build has a new version,
 * so browsers install a new worker with a new cache, and a build's files never mix with another's.
 */
import { buildSync } from 'esbuild';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

interface Output { type: 'chunk' | 'asset'; fileName: string; code?: string; source?: string | Uint8Array }

const SKIPPED = [/\.map$/, /^\.vite\//, /^sw\.js$/];

function publicFiles(dir: string): string[] {
  let found: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  for (const name of names) {
    const path = join(dir, name);
    found = statSync(path).isDirectory() ? [...found, ...publicFiles(path)] : [...found, path];
  }
  return found;
}

export function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'junction-service-worker',
    // After Vite's own plugins, so the HTML pages it emits in this hook are in the bundle.
    enforce: 'post',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      const files: string[] = [];
      for (const o of Object.values(bundle as unknown as Record<string, Output>)) {
        if (SKIPPED.some((re) => re.test(o.fileName))) continue;
        files.push(`/${o.fileName}`);
        hash.update(o.fileName).update(o.type === 'chunk' ? o.code ?? '' : o.source ?? '');
      }
      for (const path of publicDir ? publicFiles(publicDir) : []) {
        const name = relative(publicDir, path).split(sep).join('/');
        files.push(`/${name}`);
        hash.update(name).update(readFileSync(path));
      }
      files.sort();
      const version = hash.digest('hex').slice(0, 12);
      const built = buildSync({
        entryPoints: [join(import.meta.dirname, 'serviceWorker.ts')],
        bundle: true,
        write: false,
        minify: true,
        format: 'iife',
        target: 'es2020',
        define: { __JUNCTION_VERSION__: JSON.stringify(version), __JUNCTION_FILES__: JSON.stringify(files) },
      });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: built.outputFiles[0].text });
    },
  };
}
