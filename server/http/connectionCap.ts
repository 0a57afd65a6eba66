/**
 * Bounds what one address can hold open on the HTTP server (issue 28: 1,500 half-open connections
 * sending one header every 10 s stayed open): at most `perAddress` connections per client address,
 * and a connection that has not completed a request within `firstRequestMs` is closed.
 *
 * Node's own `headersTimeout` closes a connection whose request headers started and did not finish
 * in time, but not one that never sent a byte (its parser never started): the first-request
 * deadline here covers that; after the first request, Node's keep-alive timeout does.
 *
 * Which address: a socket from a proxy named in TRUST_PROXY is the proxy's, shared by all its
 * clients, so it is not counted when it connects; its websocket upgrades are counted under the
 * forwarded client address instead (clientAddress.ts). Slow headers through a proxy are the
 * proxy's to bound.
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import { clientAddress, type ProxyTrust } from './clientAddress.js';
import { connectionsRefused } from '../ops/metrics.js';

export interface ConnectionCapOptions {
  perAddress: number;
  firstRequestMs: number;
  trust: ProxyTrust;
}

/** Open connections per address; an address with none has no entry, so the map is bounded by the open sockets. */
class OpenCount {
  private readonly counts = new Map<string, number>();

  take(address: string, max: number): boolean {
    const open = this.counts.get(address) ?? 0;
    if (open >= max) return false;
    this.counts.set(address, open + 1);
    return true;
  }

  release(address: string): void {
    const open = (this.counts.get(address) ?? 1) - 1;
    if (open <= 0) this.counts.delete(address);
    else this.counts.set(address, open);
  }
}

const REFUSAL = JSON.stringify({ code: 'too_many_connections', error: 'Too many connections from this address: close some and try again.', status: 429 });
const REFUSAL_RESPONSE = [
  'HTTP/1.1 429 Too Many Requests', 'Content-Type: application/json', 'Connection: close',
  `Content-Length: ${Buffer.byteLength(REFUSAL)}`, '', REFUSAL,
].join('\r\n');

function refuse(socket: Duplex, where: 'connection' | 'upgrade'): void {
  connectionsRefused.inc({ where });
  socket.end(REFUSAL_RESPONSE);
  socket.once('finish', () => socket.destroy());
}

/** Call after every 'connection' and 'upgrade' listener is registered (Colyseus' transport adds its own). */
export function capConnections(server: http.Server, options: ConnectionCapOptions): void {
  const open = new OpenCount();
  const { perAddress, firstRequestMs, trust } = options;
  const fromProxy = (socket: Duplex) => trust((socket as Socket).remoteAddress ?? '', 0);

  const onConnection = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    if (!fromProxy(socket)) {
      const address = socket.remoteAddress ?? 'unknown';
      if (!open.take(address, perAddress)) return refuse(socket, 'connection');
      socket.once('close', () => open.release(address));
    }
    // Node's 'timeout' handler for HTTP sockets destroys a socket with no request under way.
    socket.setTimeout(firstRequestMs);
    for (const listener of onConnection) listener.call(server, socket);
  });

  server.prependListener('request', (req: http.IncomingMessage) => { req.socket.setTimeout(0); });

  const onUpgrade = server.listeners('upgrade') as ((req: http.IncomingMessage, socket: Duplex, head: Buffer) => void)[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    (socket as Socket).setTimeout(0);
    if (fromProxy(socket)) {
      const address = clientAddress(req, trust);
      if (!open.take(address, perAddress)) return refuse(socket, 'upgrade');
      socket.once('close', () => open.release(address));
    }
    for (const listener of onUpgrade) listener.call(server, req, socket, head);
  });
}
