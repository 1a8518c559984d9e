import type { APIRequestContext } from '@playwright/test';
import type { ImportDocumentInput } from '@gavel/domain';

/** Talks to the server under test the way an organizer or a phone would, for setting up journeys. */
export const ADMIN_TOKEN = 'e2e-admin-token-0123456789';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sentat: string;
}

/** Imports (or re-imports) an event document through the admin call. */
export async function importEvent(request: APIRequestContext, doc: ImportDocumentInput): Promise<void> {
  const res = await request.post('/api/admin/import', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, data: doc });
  if (!res.ok()) throw new Error(`import failed: ${res.status()} ${await res.text()}`);
}

/** A fresh event code per test run, so journeys never see each other's data. */
export function uniqueCode(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(0, 40);
}

/** A small event with bidding open now; items default to one ordinary bid item. */
export function testEvent(eventcode: string, over: { event?: Partial<ImportDocumentInput['event']>; items?: ImportDocumentInput['items'] } = {}): ImportDocumentInput {
  const now = Date.now();
  const at = (hours: number) => new Date(now + hours * 3_600_000).toISOString();
  return {
    organization: { auctioncode: 'demo', name: 'Riverbend Community Foundation' },
    event: {
      eventcode,
      eventname: `Test Gala ${eventcode}`,
      eventopens: at(-2),
      biddingopens: at(-1),
      biddingcloses: at(48),
      eventcloses: at(72),
      homemessage: '<p>Welcome to our test gala.</p>',
      welcomemessage: '<p>Thanks for supporting us.</p>',
      ...over.event,
    },
    items: over.items ?? [{ itemnum: '1', name: 'Weekend Getaway', startingbid: 100, minimumbidincrease: 10 }],
  };
}

export async function mailbox(request: APIRequestContext): Promise<Mail[]> {
  const res = await request.get('/dev/mailbox.json');
  return (await res.json()) as Mail[];
}

/** The newest emailed link to `to` containing `part`, waiting briefly for the mail to arrive. */
export async function emailedLink(request: APIRequestContext, to: string, part: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const link = (await mailbox(request)).find((m) => m.to === to && m.links.some((l) => l.includes(part)))?.links.find((l) => l.includes(part));
    if (link) return new URL(link).pathname;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${part} link mailed to ${to}`);
}

export interface ApiBidder {
  email: string;
  password: string;
  token: string;
}

/** A verified bidder with a finished profile, made through the API (create, verify, profile). */
export async function apiBidder(request: APIRequestContext, eventcode: string, email: string, firstname = 'Test'): Promise<ApiBidder> {
  const password = 'correct horse battery';
  const created = await request.post('/api/create', { data: { email, password, eventcode } });
  if (!created.ok()) throw new Error(`create failed: ${await created.text()}`);
  const secret = (await emailedLink(request, email, '/verify/')).split('/').pop() ?? '';
  const verified = await request.post('/api/verifyemail', { data: { token: secret } });
  const token = ((await verified.json()) as { token: string }).token;
  const profile = await request.put('/api/userprofile', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstname, lastname: 'Bidder', zip: '60601', setupcomplete: true },
  });
  if (!profile.ok()) throw new Error(`profile failed: ${await profile.text()}`);
  return { email, password, token };
}
