/**
 * The address a room join comes from. Colyseus hands a room's onAuth `context.ip` straight from
 * X-Real-IP / X-Forwarded-For, which any client can write. The WebSocket upgrade request is seen
 * here first (a prepended 'upgrade' listener), its address worked out under TRUST_PROXY
 * (clientAddress.ts) and kept beside its headers object, which Colyseus passes on as
 * `context.headers`; the entry goes with the request (WeakMap).
 */
import type http from 'node:http';
import type { AuthContext } from '@colyseus/core';
import { clientAddress, type ProxyTrust } from './clientAddress.js';

const addresses = new WeakMap<http.IncomingHttpHeaders, string>();

export function rememberJoinAddresses(server: http.Server, trust: ProxyTrust): void {
  server.prependListener('upgrade', (req: http.IncomingMessage) => {
    addresses.set(req.headers, clientAddress(req, trust));
  });
}

/** The joining client's address; 'unknown' (one shared budget) if the upgrade was not seen. */
export function joinAddress(context: Pick<AuthContext, 'headers'> | undefined): string {
  return (context?.headers && addresses.get(context.headers)) || 'unknown';
}
