/**
 * How the built client reaches a browser: gzip-compressed, hashed assets cached for a year,
 * index.html revalidated on every visit, and a first load without Phaser: Phaser comes with the
 * table and the replay, how to play, tournaments and players each in a chunk of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { bootServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => { server = await bootServer(); });
afterAll(async () => { await server?.stop(); });

/** node's fetch always decompresses; a raw request shows what travels on the wire. */
function get(path: string, gzip = true): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.http}${path}`, { headers: gzip ? { 'accept-encoding': 'gzip' } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('client delivery', () => {
  it('serves index.html revalidated on every visit, and its hashed scripts gzip-compressed and cached for a year', async () => {
    const index = await get('/', false);
    expect(index.status).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    const scripts = [...index.body.toString('utf8').matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    let compressed = 0;
    for (const path of scripts) {
      const asset = await get(path);
      expect(asset.status, path).toBe(200);
      expect(asset.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      if (asset.body.length > 1024 || asset.headers['content-encoding']) {
        expect(asset.headers['content-encoding'], path).toBe('gzip');
        const plain = gunzipSync(asset.body);
        expect(plain.length, path).toBeGreaterThan(asset.body.length);
        compressed++;
      }
    }
    // The game bundle is far over 1 KiB: at least one asset went through the gzip check.
    expect(compressed).toBeGreaterThan(0);
  });

  it('leaves a client that asks for no compression with plain bytes', async () => {
    const index = await get('/', false);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(index.body.toString('utf8'))![1];
    const plain = await get(script, false);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8', 0, 200)).toMatch(/import|function|var|const/);
  });

  it('loads the lobby without Phaser: Phaser comes with the table and the replay, the other screens on demand', async () => {
    type Chunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
    const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, Chunk>;
    const staticFiles = (key: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(key)) return seen;
      seen.add(key);
      for (const dep of manifest[key]?.imports ?? []) staticFiles(dep, seen);
      return seen;
    };
    const files = (keys: Set<string>) => [...keys].map((k) => manifest[k].file);
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
    const firstLoad = files(staticFiles(entry));
    const phaser = Object.values(manifest).find((c) => /phaser/.test(c.file))!.file;
    expect(firstLoad).not.toContain(phaser);
    // What index.html makes the browser fetch is that first load, and no more.
    const index = (await get('/', false)).body.toString('utf8');
    const linked = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(linked.length).toBeGreaterThan(0);
    for (const file of linked) expect(firstLoad, file).toContain(file);
    // The drawn scenes bring Phaser; each other screen is a chunk fetched when it opens.
    expect(manifest['app/drawn.ts']?.isDynamicEntry).toBe(true);
    expect(files(staticFiles('app/drawn.ts'))).toContain(phaser);
    for (const screen of ['scenes/HowToScene.ts', 'scenes/TournamentScene.ts', 'scenes/PlayersScene.ts']) {
      expect(manifest[screen]?.isDynamicEntry, screen).toBe(true);
      expect(firstLoad, screen).not.toContain(manifest[screen].file);
    }
    // How to play draws its pictures on a 2D canvas: opening the rules fetches no Phaser.
    expect(files(staticFiles('scenes/HowToScene.ts'))).not.toContain(phaser);
  });
});
