/**
 * The browser's side of Web Push, for tests: an HTTPS endpoint that plays the push service (a
 * self-signed certificate the server trusts through NODE_EXTRA_CA_CERTS, since the edge takes
 * https endpoints only), keys as PushSubscription.toJSON() gives them, and the decryption a browser
 * does (RFC 8291 over RFC 8188 aes128gcm), so a test reads what the server really sent.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Pushed { path: string; headers: Record<string, string | string[] | undefined>; bytes: Buffer }

export interface PushService {
  /** `https://127.0.0.1:<port>`; a path starting `/gone/` is answered 410, any other 201. */
  base: string;
  /** The certificate to pass as NODE_EXTRA_CA_CERTS. */
  certificate: string;
  pushed: Pushed[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const dir = mkdtempSync(join(tmpdir(), 'junction-push-service-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const pushed: Pushed[] = [];
  const server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushed.push({ path: req.url ?? '', headers: req.headers, bytes: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone/') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    base: `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    certificate: join(dir, 'cert.pem'),
    pushed,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A browser's subscription keys, with the private half kept to read what is pushed to them. */
export interface BrowserKeys { ecdh: ECDH; auth: Buffer; json: { p256dh: string; auth: string } }

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  const auth = randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.generateKeys().toString('base64url'), auth: auth.toString('base64url') } };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** The plaintext of one aes128gcm Web Push message (a single record, as web-push sends). */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ikm = hkdf(keys.ecdh.computeSecret(senderKey), keys.auth, Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderKey]), 32);
  const key = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  return padded.subarray(0, end).toString('utf8');
}
