/**
 * A DNS server on 127.0.0.1 (UDP, a free port) that answers A queries for the names it is given,
 * with addresses a test may change while it runs: what Docker's embedded DNS does for a compose
 * service (`game` names every replica), so nginx's `resolver` finds replicas that come and go.
 * Other names are NXDOMAIN; other record types of a known name have no answer.
 */
import dgram from 'node:dgram';
import net from 'node:net';

export interface DnsServer {
  port: number;
  /** Replaces the addresses a name resolves to. */
  set(name: string, addresses: string[]): void;
  close(): Promise<void>;
}

const HEADER_BYTES = 12;
const TYPE_A = 1;
const CLASS_IN = 1;
const NXDOMAIN = 3;
const FORMERR = 1;
const TTL_SECONDS = 1;

export async function startDnsServer(records: Record<string, string[]> = {}): Promise<DnsServer> {
  const table = new Map(Object.entries(records).map(([name, addresses]) => [name.toLowerCase(), addresses]));
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, from) => {
    const reply = answer(query, table);
    if (reply) socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  return {
    port: socket.address().port,
    set(name, addresses) {
      if (!addresses.every((a) => net.isIPv4(a))) throw new Error(`not IPv4 addresses: ${addresses.join(', ')}`);
      table.set(name.toLowerCase(), addresses);
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

/** The reply to one query (RFC 1035 4.1), or nothing for a packet too short to answer. */
function answer(query: Buffer, table: Map<string, string[]>): Buffer | undefined {
  if (query.length < HEADER_BYTES) return undefined;
  const question = readQuestion(query);
  const header = Buffer.alloc(HEADER_BYTES);
  query.copy(header, 0, 0, 2); // id
  const recursionDesired = query[2] & 0x01;
  if (!question) {
    header.writeUInt16BE(0x8000 | recursionDesired << 8 | 0x0080 | FORMERR, 2);
    return header;
  }
  const addresses = table.get(question.name.toLowerCase());
  const records = addresses && question.type === TYPE_A && question.class === CLASS_IN ? addresses : [];
  // QR, AA, RD as asked, RA; NXDOMAIN for a name nobody set.
  header.writeUInt16BE(0x8400 | recursionDesired << 8 | 0x0080 | (addresses ? 0 : NXDOMAIN), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const answers = records.map((address) => {
    const record = Buffer.alloc(16);
    record.writeUInt16BE(0xc000 | HEADER_BYTES, 0); // the name: a pointer to the question's
    record.writeUInt16BE(TYPE_A, 2);
    record.writeUInt16BE(CLASS_IN, 4);
    record.writeUInt32BE(TTL_SECONDS, 6);
    record.writeUInt16BE(4, 10);
    address.split('.').forEach((octet, i) => record.writeUInt8(Number(octet), 12 + i));
    return record;
  });
  return Buffer.concat([header, query.subarray(HEADER_BYTES, question.end), ...answers]);
}

/** The first question: its name (plain labels only: queries carry no compression), type, class and where it ends. */
function readQuestion(query: Buffer): { name: string; type: number; class: number; end: number } | undefined {
  if (query.readUInt16BE(4) < 1) return undefined;
  const labels: string[] = [];
  let at = HEADER_BYTES;
  for (;;) {
    if (at >= query.length) return undefined;
    const length = query[at];
    if (length === 0) break;
    if (length > 63 || at + 1 + length > query.length) return undefined;
    labels.push(query.toString('latin1', at + 1, at + 1 + length));
    at += 1 + length;
  }
  at += 1;
  if (at + 4 > query.length) return undefined;
  return { name: labels.join('.'), type: query.readUInt16BE(at), class: query.readUInt16BE(at + 2), end: at + 4 };
}
