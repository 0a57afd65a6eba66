/**
 * Build-time size budgets (a Vite plugin), so a warning means something:
 * - the first load (index.html's entry and every chunk and stylesheet it imports statically) stays
 *   within issue 17's 400 KB gzip: a warning names what it holds when it does not;
 * - any chunk other than Phaser's stays under `appChunkKB` minified.
 * Vite's own `chunkSizeWarningLimit` is then set just above Phaser's known size (it is fetched only
 * by the table and the replay), so a Phaser upgrade or an app chunk that grows past it still warns.
 */
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export interface Budgets {
  firstLoadGzipKB: number; appChunkKB: number; vendorChunks: string[];
  /** Entries that are not the app's first load (the offline page): left out of its total. */
  otherEntries?: string[];
}

interface Output { type: 'chunk' | 'asset'; fileName: string; name?: string; isEntry?: boolean; imports?: string[]; code?: string; source?: string | Uint8Array; viteMetadata?: { importedCss: Set<string> } }

const kb = (bytes: number): number => Math.round(bytes / 100) / 10;

export function chunkBudgets(budgets: Budgets): Plugin {
  return {
    name: 'junction-chunk-budgets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = bundle as unknown as Record<string, Output>;
      const bytes = (o: Output): Buffer => Buffer.from(o.type === 'chunk' ? o.code ?? '' : o.source ?? '');
      for (const o of Object.values(files)) {
        if (o.type !== 'chunk' || budgets.vendorChunks.includes(o.name ?? '')) continue;
        const size = bytes(o).length;
        if (size > budgets.appChunkKB * 1000) this.warn(`${o.fileName} is ${kb(size)} KB minified, over the ${budgets.appChunkKB} KB budget for an app chunk`);
      }
      const first = new Set<string>();
      const visit = (name: string): void => {
        const o = files[name];
        if (!o || first.has(name)) return;
        first.add(name);
        for (const css of o.viteMetadata?.importedCss ?? []) first.add(css);
        for (const dep of o.imports ?? []) visit(dep);
      };
      for (const [name, o] of Object.entries(files)) if (o.type === 'chunk' && o.isEntry && !budgets.otherEntries?.includes(o.name ?? '')) visit(name);
      const sizes = [...first].map((name) => ({ name, gzip: gzipSync(bytes(files[name])).length })).sort((a, b) => b.gzip - a.gzip);
      const total = sizes.reduce((n, s) => n + s.gzip, 0);
      if (total > budgets.firstLoadGzipKB * 1000) {
        this.warn(`the first load is ${kb(total)} KB gzip, over its ${budgets.firstLoadGzipKB} KB budget: ${sizes.slice(0, 5).map((s) => `${s.name} ${kb(s.gzip)} KB`).join(', ')}`);
      }
    },
  };
}
