/**
 * The address a request came from. `X-Forwarded-For` is believed only as far as it was written by
 * proxies the operator named in TRUST_PROXY (proxy-addr, the same rule Express applies); without
 * it, the socket's own address is the client, whatever headers say.
 */
import type http from 'node:http';
import proxyaddr from 'proxy-addr';

export type ProxyTrust = (address: string, hop: number) => boolean;

/** "loopback", "uniquelocal", CIDRs or addresses, comma-separated; empty trusts nobody. */
export function proxyTrust(setting: string | undefined): ProxyTrust {
  const list = (setting ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return proxyaddr.compile(list);
}

export function clientAddress(req: http.IncomingMessage, trust: ProxyTrust): string {
  return proxyaddr(req, trust);
}
