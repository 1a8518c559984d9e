import { accounts } from '../db/schema';
import { ensureBidder } from '../features/accounts/service';
import { findTenant } from '../tenancy';
import type { ImportDocumentInput } from '@gavel/domain';
import { importEventDocument } from '../features/admin/import-service';
import type { TestApp } from './harness';

/** A small valid event document; override any part. Times are relative to `now`. */
export function eventDoc(now: Date, overrides: { auctioncode?: string; eventcode?: string; event?: Partial<ImportDocumentInput['event']>; items?: ImportDocumentInput['items'] } = {}): ImportDocumentInput {
  const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
  return {
    organization: { auctioncode: overrides.auctioncode ?? 'demo', name: 'Test Foundation' },
    event: {
      eventcode: overrides.eventcode ?? 'gala',
      eventname: 'Test Gala',
      eventopens: at(-2),
      biddingopens: at(-1),
      biddingcloses: at(24),
      eventcloses: at(48),
      ...overrides.event,
    },
    items: overrides.items ?? [{ itemnum: '1', name: 'Weekend Getaway', startingbid: 100, minimumbidincrease: 10 }],
  };
}

export async function importEvent(t: TestApp, doc: ImportDocumentInput): Promise<void> {
  await importEventDocument(t.ctx.db, doc);
}

export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

export async function mailbox(t: TestApp): Promise<MailboxEntry[]> {
  const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
  return res.json<MailboxEntry[]>();
}

/** The last path segment of the newest emailed link to `to` that contains `part`. */
export async function linkSecret(t: TestApp, to: string, part: string): Promise<string> {
  for (const m of await mailbox(t)) {
    if (m.to !== to) continue;
    const link = m.links.find((l) => l.includes(part));
    if (link) return link.split('/').pop() ?? '';
  }
  throw new Error(`no ${part} link mailed to ${to}`);
}


export interface TestBidder {
  accountId: number;
  bidderId: number;
  token: string;
  auth: { authorization: string };
}

/**
 * A verified, set-up bidder of an event, written straight to the database (no password hashing),
 * with a signed login token — for tests that are about bidding, not about accounts.
 */
export async function makeBidder(t: TestApp, eventcode: string, email: string, opts: { firstname?: string; auctioncode?: string } = {}): Promise<TestBidder> {
  const tenant = await findTenant(t.ctx.db, opts.auctioncode ?? 'demo', eventcode);
  const [account] = await t.ctx.db
    .insert(accounts)
    .values({ organizationId: tenant.organization.id, email, emailVerified: true, firstname: opts.firstname ?? email.split('@')[0] ?? '', lastname: 'Tester', zip: '60601' })
    .returning();
  if (!account) throw new Error('no account');
  const bidder = await t.ctx.db.transaction((tx) => ensureBidder(tx, tenant, account.id));
  const token = await t.ctx.tokens.sign(
    { userid: account.id, bidderid: bidder.id, email, eventcode: tenant.event.eventcode, auctioncode: tenant.organization.auctioncode, isguest: false },
    t.ctx.clock(),
  );
  return { accountId: account.id, bidderId: bidder.id, token, auth: { authorization: `Bearer ${token}` } };
}
