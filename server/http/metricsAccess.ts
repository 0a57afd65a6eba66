/**
 * /metrics is for the operator's scraper, not the public: it tells load, table counts and error
 * rates. Only client addresses in METRICS_ALLOW (default loopback) may read it. The address is the
 * one Express derives under TRUST_PROXY; a request relayed by a proxy that TRUST_PROXY does not
 * name (it carries X-Forwarded-For, yet the address is still the socket's) is refused: that address
 * is the proxy's, not the reader's (a proxy on the same host would otherwise open /metrics to all).
 */
import type { NextFunction, Request, Response } from 'express';
import proxyaddr from 'proxy-addr';

export function metricsAccess(allow: string) {
  const allowed = proxyaddr.compile(allow.split(',').map((s) => s.trim()).filter(Boolean));
  return (req: Request, res: Response, next: NextFunction): void => {
    const relayed = req.get('x-forwarded-for') !== undefined || req.get('forwarded') !== undefined;
    const address = req.ip ?? '';
    const viaUnknownProxy = relayed && address === req.socket.remoteAddress;
    if (!viaUnknownProxy && address && allowed(address, 0)) return next();
    res.status(403).json({ error: 'Metrics are only served to the addresses in METRICS_ALLOW.', code: 'metrics_forbidden' });
  };
}
