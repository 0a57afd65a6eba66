/**
 * The Colyseus server with its matchmaking HTTP answers made to match docs/protocol.md. Colyseus
 * 0.16 answers a body that is not JSON with 200 `{ error }`, and reflects any `Origin` with
 * `Access-Control-Allow-Credentials: true`, so any site could make a visitor's browser open tables.
 * Here:
 *  - a body that is not one JSON object → 400 `bad_json`, JSON like every other HTTP error;
 *  - CORS headers only for the page's own origin and CORS_ORIGINS; any other origin gets none
 *    (the browser then refuses to send colyseus.js' JSON request);
 *  - the matchmaker's own refusals (a full table, a join refused in onAuth) stay 200
 *    `{ code, error }`: that is what colyseus.js turns into a MatchMakeError with its code.
 * The per-address limit and the declared body length are checked before (matchmakeLimit.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server, getBearerToken, matchMaker, type ServerOptions } from '@colyseus/core';
import { MATCHMAKE_BODY_LIMIT } from './matchmakeLimit.js';
import { clientAddress, type ProxyTrust } from './clientAddress.js';
import { DEFAULT_MOVE_CLOCK } from '../../shared/protocol/pace.js';
import type { AvoidRooms } from '../friends/quickPlay.js';
import { waitWhileTableMoves, type JoinHold } from '../journal/joinHold.js';
import { withinTime } from '../ops/withinTime.js';

export interface MatchmakeEdge {
  /** CORS_ORIGINS: comma-separated origins, e.g. "https://junction.example". */
  origins: string;
  trust: ProxyTrust;
}

const CORS = {
  'Access-Control-Allow-Headers': 'Origin, X-Requested-With, Content-Type, Accept, Authorization',
  'Access-Control-Allow-Methods': 'OPTIONS, POST',
  'Access-Control-Allow-Credentials': 'true',
  'Access-Control-Max-Age': '86400',
};

export class JunctionServer extends Server {
  private readonly origins: ReadonlySet<string>;
  private readonly trust: ProxyTrust;
  /** Quick play (joinOrCreate) leaves these rooms out (server/friends/quickPlay.ts: blocks). */
  avoidRooms: AvoidRooms | null = null;
  /** With leases (Redis): a join to a table whose process died waits for it to reopen elsewhere. */
  joinHold: JoinHold | null = null;

  constructor(options: ServerOptions, edge: MatchmakeEdge) {
    super(options);
    this.origins = new Set(edge.origins.split(',').map((o) => o.trim().replace(/\/+$/, '').toLowerCase()).filter(Boolean));
    this.trust = edge.trust;
  }

  protected override async handleMatchMakeRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const headers: Record<string, string> = { Vary: 'Origin', ...this.corsHeaders(req) };
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) {
      return answer(res, 503, headers, { code: 'server_draining', error: 'The server is restarting: try again in a moment.', status: 503 });
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, headers);
      res.end();
      return;
    }
    const params: string[] = req.url?.match(matchMaker.controller.allowedRoomNameChars) ?? [];
    const at = params.indexOf(matchMaker.controller.matchmakeRoute);
    const method = at >= 0 ? params[at + 1] : undefined;
    if (req.method !== 'POST' || !method) {
      return answer(res, 404, headers, { code: 'no_such_route', error: 'No such matchmaking route.', status: 404 });
    }
    const body = await readBody(req);
    if (body === 'aborted') return void res.destroy();
    if (body === 'too_large') {
      return answer(res, 413, headers, { code: 'body_too_large', error: `A matchmaking request may be at most ${MATCHMAKE_BODY_LIMIT} bytes.`, status: 413 });
    }
    const options = parseObject(body);
    if (!options) return answer(res, 400, headers, { code: 'bad_json', error: 'The request body is not a JSON object.', status: 400 });
    if (method === 'joinOrCreate' || method === 'join' || method === 'create') withPace(options);
    let answering: NodeJS.Timeout | undefined;
    try {
      const [verb, target] = method === 'joinOrCreate' ? await this.steer(params[at + 2] ?? '', options) : [method, params[at + 2] ?? ''];
      if (this.joinHold && (verb === 'joinById' || verb === 'reconnect')) {
        // Every answer from here on is a 200 with a JSON body, so a long wait can send the status
        // first and then whitespace (valid before JSON) to keep the client's request alive.
        const keepAlive = () => {
          if (!res.headersSent) res.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
          res.write(' ');
        };
        await waitWhileTableMoves(target, this.joinHold, keepAlive);
        // Once the answer has started it must not go silent until it ends: Node's HTTP agent drops
        // a socket idle for 5 s, and a client whose response had already started then waits for
        // ever (colyseus.js' HTTP never settles). The join after a long wait can take that long
        // (a dead process' reservation times out, then its health check): seen in the failover bench.
        if (res.headersSent) answering = setInterval(keepAlive, KEEP_ALIVE_MS);
      }
      const response = await withinTime(MATCHMAKE_ANSWER_LIMIT_MS, matchMaker.controller.invokeMethod(verb, target, options, {
        token: getBearerToken(req.headers.authorization ?? ''),
        headers: req.headers,
        ip: clientAddress(req, this.trust),
        req,
      }), matchmakeTimeout) as Record<string, unknown>;
      if (this.transport.protocol !== undefined) response.protocol = this.transport.protocol;
      answer(res, 200, headers, response);
    } catch (error) {
      const e = error as { code?: unknown; message?: unknown };
      answer(res, 200, headers, { code: e.code, error: e.message });
    } finally {
      clearInterval(answering);
    }
  }

  /**
   * The room Colyseus' joinOrCreate would choose among (same conditions as its findOneRoomAvailable),
   * less the rooms to avoid: the first other one is joined by id, else a new table is created.
   */
  private async steer(roomName: string, options: Record<string, unknown>): Promise<[string, string]> {
    if (!this.avoidRooms) return ['joinOrCreate', roomName];
    const avoid = await this.avoidRooms(roomName, options).catch(() => new Set<string>());
    if (avoid.size === 0) return ['joinOrCreate', roomName];
    let handler: ReturnType<typeof matchMaker.getHandler>;
    try {
      handler = matchMaker.getHandler(roomName);
    } catch {
      return ['joinOrCreate', roomName]; // no such room type: Colyseus answers as usual
    }
    const candidates = await matchMaker.query({ locked: false, name: roomName, private: false, ...handler.getFilterOptions(options) }, handler.sortOptions);
    const other = candidates.find((room) => !avoid.has(room.roomId));
    return other ? ['joinById', other.roomId] : ['create', roomName];
  }

  /** The page's own origin, or one the operator listed; nothing for any other. */
  private corsHeaders(req: IncomingMessage): Record<string, string> {
    const origin = req.headers.origin;
    if (typeof origin !== 'string' || origin.length > 200) return {};
    const normalised = origin.replace(/\/+$/, '').toLowerCase();
    let sameOrigin = false;
    try {
      sameOrigin = new URL(normalised).host === String(req.headers.host ?? '').toLowerCase();
    } catch {
      // not an origin at all ("null", garbage): no CORS headers
    }
    return sameOrigin || this.origins.has(normalised) ? { ...CORS, 'Access-Control-Allow-Origin': origin } : {};
  }
}

/**
 * Quick play matches on `pace` and `moveClock` (filterBy): a request without a pace is live, so a
 * live player never lands at a turn-based table of the queue, and a turn-based one states its clock.
 */
function withPace(options: Record<string, unknown>): void {
  options.pace ??= 'live';
  if (options.pace === 'turn') options.moveClock ??= DEFAULT_MOVE_CLOCK;
}

/**
 * Colyseus' calls to another process (a seat reservation: requestFromIPC) can stay pending for
 * ever when their Redis subscribe fails: the player's request would never be answered and their
 * client would wait for ever. Past this limit they are told to try again (`matchmake_timeout`, its
 * code as its message like a room's refusals; a reservation made meanwhile expires unused).
 */
const MATCHMAKE_ANSWER_LIMIT_MS = 60_000;
/** Whitespace before a held answer's JSON, this often (well inside Node's 5 s idle socket limit). */
const KEEP_ALIVE_MS = 1_000;

function matchmakeTimeout(): never {
  throw Object.assign(new Error('matchmake_timeout'), { code: 'matchmake_timeout' });
}

function answer(res: ServerResponse, status: number, headers: Record<string, string>, body: unknown): void {
  if (!res.headersSent) res.writeHead(status, { ...headers, 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The body as text, never more than the limit (the edge checked the declared length; this checks the bytes). */
function readBody(req: IncomingMessage): Promise<string | 'too_large' | 'aborted'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MATCHMAKE_BODY_LIMIT) {
        req.removeAllListeners('data');
        req.resume();
        resolve('too_large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve('aborted'));
  });
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : null;
  } catch {
    return null;
  }
}
