/**
 * The edge of Colyseus' matchmaking routes (create/join/joinById/reconnect...). Colyseus serves
 * any URL that contains `/matchmake` from its own 'request' listener, with no body limit, so
 * this wraps every listener: a per-address limit on every such URL, and a body that must declare
 * its length and stay small.
 */
import type http from 'node:http';
import type { IpLimit } from './ipLimits.js';
import { clientAddress, type ProxyTrust } from './clientAddress.js';

export const MATCHMAKE_BODY_LIMIT = 8 * 1024;

export function limitMatchmaking(server: http.Server, joins: IpLimit, trust: ProxyTrust): void {
  const listeners = server.listeners('request') as ((req: http.IncomingMessage, res: http.ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const pass = () => { for (const listener of listeners) listener.call(server, req, res); };
    if (!req.url?.includes('/matchmake') || req.method === 'OPTIONS') return pass();
    const length = Number(req.headers['content-length'] ?? (req.method === 'POST' ? NaN : 0));
    if (req.method === 'POST' && !(length <= MATCHMAKE_BODY_LIMIT)) {
      return Number.isNaN(length)
        ? refuse(res, 411, 'length_required', 'A matchmaking request must declare its length.')
        : refuse(res, 413, 'body_too_large', `A matchmaking request may be at most ${MATCHMAKE_BODY_LIMIT} bytes.`);
    }
    joins.take(clientAddress(req, trust)).then((wait) => {
      if (wait === 0) return pass();
      res.setHeader('Retry-After', String(wait));
      refuse(res, 429, 'too_many_joins', 'Too many join attempts: wait a few seconds.', { count: wait });
    }, () => refuse(res, 500, 'matchmaking_unavailable', 'Matchmaking is unavailable.'));
  });
}

/** `code` for the client (server:error.<code>), `error` in English for API users, `status` the HTTP status. */
function refuse(res: http.ServerResponse, status: number, code: string, error: string, params?: Record<string, number>): void {
  res.writeHead(status, { 'Content-Type': 'application/json', Connection: 'close' });
  res.end(JSON.stringify(params ? { code, error, status, params } : { code, error, status }));
}
