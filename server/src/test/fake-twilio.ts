import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import twilio from 'twilio';

/**
 * A fake of the one Twilio API call Gavel makes (creating a message), on 127.0.0.1 and a random
 * port, so texts are tested through the official client with no network (TWILIO_API_URL = `url`).
 * It checks Basic auth against the accounts it was given, records each message with a new SID,
 * can be down (an outage: 503 until `recover()`), and signs the webhooks Twilio would send (status
 * callbacks and inbound texts) with the account's auth token, for a test to deliver.
 */

export interface FakeText {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  messagingServiceSid: string;
  body: string;
  statusCallback: string;
}

/** A webhook as Twilio would send it: where, the form fields and the signature header. */
export interface SignedWebhook {
  url: string;
  form: Record<string, string>;
  headers: Record<string, string>;
}

export interface FakeTwilio {
  url: string;
  texts: FakeText[];
  /** Every request to the message API, answered or refused (their count proves none was sent twice). */
  requests: number;
  /** Answers 503 to every send until recover(). */
  outage(): void;
  recover(): void;
  /** The signed status callback Twilio would send for a text it took. */
  statusCallback(sid: string, status: string, extra?: Record<string, string>): SignedWebhook;
  /** The signed webhook Twilio would send for a text received from `from` at an organization's number. */
  inbound(options: { url: string; from: string; body: string; authtoken: string }): SignedWebhook;
  /** Resolves when `count` texts are recorded; rejects after `ms` (a bounded wait, not a sleep). */
  waitForTexts(count: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const apiError = (res: ServerResponse, status: number, code: number, message: string) =>
  send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

function signed(url: string, form: Record<string, string>, authtoken: string): SignedWebhook {
  return { url, form, headers: { 'x-twilio-signature': twilio.getExpectedTwilioSignature(authtoken, url, form) } };
}

/** `accounts`: account SID → auth token, the accounts whose Basic auth it takes. */
export async function startFakeTwilio(accounts: Record<string, string>, port = 0): Promise<FakeTwilio> {
  const texts: FakeText[] = [];
  const waiters = new Set<() => void>();
  let down = false;
  let requests = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake-twilio').pathname;
    const body = new URLSearchParams(await readBody(req));
    const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (req.method !== 'POST' || !m) return apiError(res, 404, 20404, 'The requested resource was not found');
    requests++;
    const accountSid = decodeURIComponent(m[1] ?? '');
    const [user, password] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':');
    if (user !== accountSid || accounts[accountSid] === undefined || accounts[accountSid] !== password)
      return apiError(res, 401, 20003, 'Authenticate');
    if (down) return apiError(res, 503, 20503, 'Service unavailable');
    const to = body.get('To') ?? '';
    if (!/^\+[1-9]\d{7,14}$/.test(to) || to.startsWith('+1555'))
      return apiError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    const from = body.get('From') ?? '';
    const messagingServiceSid = body.get('MessagingServiceSid') ?? '';
    if (!from && !messagingServiceSid)
      return apiError(res, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required.");
    const text: FakeText = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      accountSid,
      to,
      from,
      messagingServiceSid,
      body: body.get('Body') ?? '',
      statusCallback: body.get('StatusCallback') ?? '',
    };
    texts.push(text);
    for (const wake of waiters) wake();
    send(res, 201, {
      sid: text.sid,
      account_sid: accountSid,
      to,
      from: from || null,
      messaging_service_sid: messagingServiceSid || null,
      body: text.body,
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: new Date().toUTCString(),
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${text.sid}.json`,
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => apiError(res, 500, 20500, String(err)));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake Twilio has no port');

  return {
    url: `http://127.0.0.1:${address.port}`,
    texts,
    get requests() {
      return requests;
    },
    outage: () => {
      down = true;
    },
    recover: () => {
      down = false;
    },
    statusCallback(sid, status, extra = {}) {
      const text = texts.find((t) => t.sid === sid);
      if (!text) throw new Error(`fake Twilio never sent ${sid}`);
      const form = { MessageSid: sid, MessageStatus: status, AccountSid: text.accountSid, To: text.to, ...extra };
      return signed(text.statusCallback, form, accounts[text.accountSid] ?? '');
    },
    inbound: ({ url, from, body, authtoken }) =>
      signed(
        url,
        { MessageSid: `SM${randomBytes(16).toString('hex')}`, From: from, To: '+13125550000', Body: body },
        authtoken,
      ),
    waitForTexts(count, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (texts.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`fake Twilio has ${texts.length} texts, not ${count}, after ${ms} ms`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
