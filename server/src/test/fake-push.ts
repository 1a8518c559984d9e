import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { PushFetch } from '../push/sender';

/**
 * A local push service, as a phone's browser vendor runs one (here Google's, FCM), on 127.0.0.1
 * and a random port. Each `device()` is a browser's subscription: its ECDH P-256 key pair
 * and auth secret made here as a browser makes them, and an address on this service. What arrives
 * is checked (the VAPID header signed by the server's key for this origin) and decrypted (RFC 8291,
 * aes128gcm) with the device's private key, as the browser would. A device can be made to answer
 * 404 or 410 (gone) or 429 (busy) instead of 201.
 *
 * The addresses are FCM's, as a Chrome's are (the API refuses any but the browsers' push services);
 * `fetch` sends the requests for them here over plain http: the sender's one option for tests
 * (push/sender.ts).
 */

export interface FakeDevice {
  id: string;
  /** The browser's PushSubscription.toJSON(). */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface ArrivedPush {
  device: string;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  ttl: string;
  urgency: string;
  topic: string;
}

export interface FakePush {
  /** A new browser subscription on this service. */
  device(): FakeDevice;
  /** The next pushes to the device get these answers, in turn (then 201 again). */
  answer(device: FakeDevice, ...statuses: number[]): void;
  /** Pushes taken (201) and decrypted, in order of arrival. */
  pushes: ArrivedPush[];
  /** Every request, answered or not (their count proves none was sent twice). */
  requests: number;
  /** Sends the sender's requests to this service over http. */
  fetch: PushFetch;
  close(): Promise<void>;
}

/** The push service the fake stands for: its devices' addresses are on it, and pushes are signed for it. */
const SERVICE = 'https://fcm.googleapis.com';

interface DeviceKeys {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  answers: number[];
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** RFC 8291 and RFC 8188: the one record web-push sends, opened with the device's keys. */
export function decryptPush(body: Buffer, keys: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const shared = keys.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record of a push');
  return padded.subarray(0, end).toString('utf8');
}

/** Whether the VAPID header ("vapid t=<JWT>, k=<public key>") is signed by `publicKey` for `audience`. */
function vapidProblem(header: string | undefined, publicKey: string, audience: string): string | null {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m?.[1] || !m[2]) return 'no VAPID authorization';
  if (m[2] !== publicKey) return 'signed with another key';
  const [head = '', claims = '', signature = ''] = m[1].split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'a bad signature';
  const { aud } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string };
  return aud === audience ? null : `for another audience (${aud})`;
}

/** `vapidPublicKey`: the server's, whose signature every push must carry. */
export async function startFakePush(vapidPublicKey: string): Promise<FakePush> {
  const devices = new Map<string, DeviceKeys>();
  const pushes: ArrivedPush[] = [];
  let requests = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    requests++;
    const id = /^\/fcm\/send\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const device = devices.get(id);
    if (req.method !== 'POST' || !device) return void res.writeHead(404).end('no such subscription');
    const problem = vapidProblem(req.headers.authorization, vapidPublicKey, SERVICE);
    if (problem) return void res.writeHead(403).end(problem);
    const status = device.answers.shift() ?? 201;
    if (status === 429) return void res.writeHead(429, { 'retry-after': '60' }).end('slow down');
    if (status !== 201) return void res.writeHead(status).end('gone');
    pushes.push({
      device: id,
      payload: JSON.parse(decryptPush(body, device)),
      ttl: String(req.headers.ttl ?? ''),
      urgency: String(req.headers.urgency ?? ''),
      topic: String(req.headers.topic ?? ''),
    });
    res.writeHead(201).end();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => res.writeHead(400).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the fake push service has no port');
  const local = `http://127.0.0.1:${address.port}`;

  return {
    pushes,
    get requests() {
      return requests;
    },
    device() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth, answers: [] });
      return {
        id,
        subscription: {
          endpoint: `${SERVICE}/fcm/send/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    answer(device, ...statuses) {
      devices.get(device.id)?.answers.push(...statuses);
    },
    fetch: (url, init) =>
      url.startsWith(`${SERVICE}/`)
        ? globalThis.fetch(local + url.slice(SERVICE.length), init)
        : Promise.reject(new Error(`the fake push service takes only its own addresses, not ${url}`)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
