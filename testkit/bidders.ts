import { bearer, expectOk, numberField, stringField, type Transport } from './transport';

/** A message the app queued, as the dev mailbox (/dev/mailbox.json) lists it, newest first. */
export interface Mail {
  id: number;
  channel: 'email' | 'text';
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentat: string;
}

export async function mailbox(transport: Transport): Promise<Mail[]> {
  const json = await expectOk('reading the dev mailbox', transport.get('/dev/mailbox.json'));
  if (!Array.isArray(json)) throw new Error(`the dev mailbox answered ${JSON.stringify(json)}`);
  return json as Mail[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The newest emailed link to `to` that contains `part`. It waits a little: a real server may
 * queue the mail just after it answers; in-process it is there at once.
 */
export async function emailedLink(transport: Transport, to: string, part: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    for (const mail of await mailbox(transport)) {
      if (mail.to !== to) continue;
      const link = mail.links.find((l) => l.includes(part));
      if (link) return link;
    }
    await pause(100);
  }
  throw new Error(`no ${part} link mailed to ${to}`);
}

/** The secret of an emailed link: its last path segment, which the API calls take. */
export async function linkSecret(transport: Transport, to: string, part: string): Promise<string> {
  return (await emailedLink(transport, to, part)).split('/').pop() ?? '';
}

export const TEST_PASSWORD = 'correct horse battery';

export interface BidderProfile {
  firstname: string;
  lastname: string;
  zip: string;
  setupcomplete?: boolean;
}

export interface NewBidder {
  eventcode: string;
  email: string;
  password?: string;
  /** Saved after sign-in; without it the bidder has not finished setup. */
  profile?: BidderProfile;
}

export interface BidderSession {
  email: string;
  password: string;
  userid: number;
  token: string;
  auth: { authorization: string };
}

/**
 * A verified bidder, made the way a phone makes one: create the account, follow the emailed
 * verification link on the same phone, sign in, and (optionally) save the profile.
 */
export async function verifiedBidder(transport: Transport, bidder: NewBidder): Promise<BidderSession> {
  const { eventcode, email, password = TEST_PASSWORD, profile } = bidder;
  const created = await expectOk('create', transport.post('/api/create', { email, password, eventcode }));
  const secret = await linkSecret(transport, email, '/verify/');
  // The phone that created the account follows the link with its own session, so the password it
  // chose stays (a link followed without it claims the account and ends that password).
  await expectOk(
    'verify',
    transport.post('/api/verifyemail', { token: secret }, bearer(stringField(created, 'token'))),
  );
  const session = await expectOk('login', transport.post('/api/login', { email, password, eventcode }));
  const token = stringField(session, 'token');
  const auth = bearer(token);
  if (profile) await expectOk('profile', transport.put('/api/userprofile', profile, auth));
  return { email, password, userid: numberField(session, 'userid'), token, auth };
}
