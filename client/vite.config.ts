import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { chunkBudgets } from './chunkBudgets.js';
import { serviceWorker } from './pwa/serviceWorkerPlugin.js';

export default defineConfig({
  root: import.meta.dirname,
  resolve: {
    // Phaser's prebuilt bundle without Matter physics (which no table uses): ~33 KB less gzip when a table opens.
    alias: [{ find: /^phaser$/, replacement: fileURLToPath(new URL('../node_modules/phaser/dist/phaser-arcade-physics.min.js', import.meta.url)) }],
  },
  plugins: [chunkBudgets({ firstLoadGzipKB: 400, appChunkKB: 250, vendorChunks: ['phaser'], otherEntries: ['offline'] }), serviceWorker()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // The first-load benchmark reads which chunks each game's table needs.
    manifest: true,
    // Phaser's chunk (1,080 kB minified, fetched only by the table and the replay) and a margin:
    // an upgrade that grows it warns. Every other chunk has its own, tighter budget (chunkBudgets.ts).
    chunkSizeWarningLimit: 1120,
    rollupOptions: {
      // The app, and the page the service worker shows offline (client/pwa/serviceWorker.ts).
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), offline: fileURLToPath(new URL('./offline.html', import.meta.url)) },
      output: {
        // Phaser changes only with its version: its own long-cached file.
        manualChunks(id) {
          return id.includes('/node_modules/phaser/') ? 'phaser' : undefined;
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:2567',
      '/matchmake': { target: 'http://localhost:2567', ws: true },
    },
  },
});
