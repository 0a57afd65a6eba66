/**
 * Per-IP rate limit on Colyseus' matchmaking routes (create/join/joinById...). Colyseus installs
 * its own 'request' listener on the HTTP server, so the limit wraps every listener.
 */
import type http from 'node:http';
import { KeyedRateLimiter } from '../matchmaking/rateLimit.js';

export function clientIp(req: http.IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = Array.isArray(forwarded) ? forwarded[0] : forwarded?.split(',')[0];
  return (first ?? req.socket.remoteAddress ?? 'unknown').trim();
}

export function limitMatchmaking(server: http.Server, joins: KeyedRateLimiter): void {
  const listeners = server.listeners('request') as ((req: http.IncomingMessage, res: http.ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url?.includes('/matchmake/') && req.method === 'POST' && !joins.take(clientIp(req))) {
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '5' });
      res.end(JSON.stringify({ code: 429, error: 'Too many join attempts: wait a few seconds.' }));
      return;
    }
    for (const listener of listeners) listener.call(server, req, res);
  });
}
