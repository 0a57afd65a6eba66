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
      return refuse(res, Number.isNaN(length) ? 411 : 413, Number.isNaN(length)
        ? 'A matchmaking request must declare its length.'
        : `A matchmaking request may be at most ${MATCHMAKE_BODY_LIMIT} bytes.`);
    }
    joins.take(clientAddress(req, trust)).then((wait) => {
      if (wait === 0) return pass();
      res.setHeader('Retry-After', String(wait));
      refuse(res, 429, 'Too many join attempts: wait a few seconds.');
    }, () => refuse(res, 500, 'Matchmaking is unavailable.'));
  });
}

function refuse(res: http.ServerResponse, status: number, error: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json', Connection: 'close' });
  res.end(JSON.stringify({ code: status, error }));
}
