/** Serves the Vite-built client (dist/client) with an index.html fallback for client routes. */
import express, { Router } from 'express';
import { existsSync } from 'node:fs';
import { normaliseCode } from '../../shared/protocol/codes.js';
import { clientDir } from '../paths.js';

/**
 * Vite names built assets by content hash (`/assets/index-3QqtnIss.js`): a changed file gets a new
 * name, so browsers may keep them for a year. Everything else (index.html) is revalidated on each
 * visit so a deploy is picked up at once.
 */
function cacheHeaders(res: { setHeader(name: string, value: string): void }, path: string): void {
  res.setHeader('Cache-Control', /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

export function staticClient(): Router {
  const root = clientDir;
  const router = Router();
  if (!existsSync(root)) {
    router.get('/', (_req, res) => { res.status(503).send('The client is not built: run `npm run build`.'); });
    return router;
  }
  router.use(express.static(root, { index: 'index.html', setHeaders: cacheHeaders }));
  // An invite to a private table: /join/CODE opens the client, which goes straight to the table.
  router.get(/^\/join\/([^/]{1,40})$/, (req, res) => {
    let code: string | null = null;
    try {
      code = normaliseCode(decodeURIComponent(/^\/join\/([^/]{1,40})$/.exec(req.path)![1]));
    } catch {
      // a malformed %-escape is no code
    }
    res.redirect(302, code ? `/?join=${code}` : '/');
  });
  // Shareable links (a replay, a profile, a device link) open the client on its hash route.
  router.get(/^\/(replay|profile|claim)\/([A-Za-z0-9_-]{1,64})$/, (req, res) => {
    const [, kind, id] = /^\/(replay|profile|claim)\/([A-Za-z0-9_-]{1,64})$/.exec(req.path)!;
    res.redirect(302, `/#/${kind}/${id}`);
  });
  return router;
}
