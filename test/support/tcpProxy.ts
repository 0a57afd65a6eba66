/**
 * A TCP forwarder a test owns, put in front of a shared service (PostgreSQL) to simulate an
 * outage without touching the service: `cut()` drops every open connection and refuses new ones
 * until `restore()`.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections forwarded so far (a test can see the server reconnect). */
  readonly connections: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let open = true;
  let connections = 0;
  const server = net.createServer((inbound) => {
    if (!open) {
      inbound.destroy();
      return;
    }
    connections++;
    const outbound = net.connect(target);
    sockets.add(inbound);
    sockets.add(outbound);
    const drop = () => {
      inbound.destroy();
      outbound.destroy();
      sockets.delete(inbound);
      sockets.delete(outbound);
    };
    inbound.on('error', drop).on('close', drop);
    outbound.on('error', drop).on('close', drop);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    get connections() { return connections; },
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    restore() { open = true; },
    close() {
      open = false;
      for (const s of sockets) s.destroy();
      sockets.clear();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
