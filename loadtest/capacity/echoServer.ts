/**
 * The capacity bench's baselines, one per process: `ECHO_KIND=colyseus` is a bare Colyseus 0.16
 * room (4 clients a room, like a Junction table) that answers each `action {id}` with one
 * `ack {id}`; `ECHO_KIND=broadcast` is the same room that, like a Junction table, also changes its
 * synchronised state on each action and sends that patch to all 4 clients at once before the ack;
 * `ECHO_KIND=ws` is a plain `ws` server that sends each frame back. Both answer
 * GET /health with their pid, as server/main.ts does, so startServerProcess can start them.
 */
import http from 'node:http';
import { Room, Server, type Client } from '@colyseus/core';
import { Schema, type } from '@colyseus/schema';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { WebSocketServer } from 'ws';

const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
const kind = process.env.ECHO_KIND;

class EchoRoom extends Room {
  override maxClients = 4;

  override onCreate(): void {
    this.onMessage('action', (client: Client, message: { id?: unknown }) => {
      client.send('ack', { id: message?.id });
    });
  }
}

class EchoState extends Schema {
  @type('uint32') version = 0;
  @type('uint32') lastId = 0;
  @type('string') lastBy = '';
}

/** Each action changes the state all 4 clients see, pushed at once (as Junction's rooms do), then the sender gets its ack. */
class BroadcastEchoRoom extends Room<EchoState> {
  override maxClients = 4;

  override onCreate(): void {
    this.state = new EchoState();
    this.onMessage('action', (client: Client, message: { id?: unknown }) => {
      this.state.version++;
      this.state.lastId = typeof message?.id === 'number' ? message.id : 0;
      this.state.lastBy = client.sessionId;
      this.broadcastPatch();
      client.send('ack', { id: message?.id });
    });
  }
}

const httpServer = http.createServer((req, res) => {
  if (req.url === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, pid: process.pid }));
    return;
  }
  // Colyseus answers /matchmake itself; anything else is not served here.
  if (!req.url?.startsWith('/matchmake')) {
    res.writeHead(404);
    res.end();
  }
});

async function main(): Promise<void> {
  if (kind === 'colyseus' || kind === 'broadcast') {
    const gameServer = new Server({ transport: new WebSocketTransport({ server: httpServer }), greet: false, gracefullyShutdown: false });
    gameServer.define('echo', kind === 'colyseus' ? EchoRoom : BroadcastEchoRoom);
    await gameServer.listen(port, host);
  } else if (kind === 'ws') {
    const wss = new WebSocketServer({ server: httpServer });
    wss.on('connection', (socket) => socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary })));
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(port, host, resolve);
    });
  } else {
    throw new Error(`ECHO_KIND must be colyseus, broadcast or ws, not ${String(kind)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
process.on('SIGTERM', () => process.exit(0));
