import type { ImportDocumentInput } from '@gavel/domain';
import { accounts } from '../db/schema';
import { ensureBidder } from '../features/accounts/service';
import { importEventDocument } from '../features/admin/import-service';
import { findTenant } from '../tenancy';
import * as kit from '../../../testkit/bidders';
import { bearer } from '../../../testkit/transport';
import { eventDocument } from './documents';
import { createTestApp, type TestApp } from './harness';
import { injectTransport } from './inject';

export type { Mail, NewBidder, BidderSession } from '../../../testkit/bidders';

export async function importEvent(t: TestApp, doc: ImportDocumentInput): Promise<void> {
  await importEventDocument(t.ctx.db, doc, t.ctx.config);
}

/** A fresh app whose clock stands at `now`, with these documents imported (by default the kit's event around `now`). */
export async function appWithEvents(now: Date, ...docs: ImportDocumentInput[]): Promise<TestApp> {
  const t = await createTestApp({}, now);
  for (const doc of docs.length > 0 ? docs : [eventDocument(now)]) await importEvent(t, doc);
  return t;
}

/** A POST as a phone sends it, signed in when a token is given. */
export function postAs(t: TestApp, url: string, payload: object, token?: string) {
  return t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
}

export async function mailbox(t: TestApp): Promise<kit.Mail[]> {
  return kit.mailbox(injectTransport(t.app));
}

/** The last path segment of the newest emailed link to `to` that contains `part`. */
export async function linkSecret(t: TestApp, to: string, part: string): Promise<string> {
  return kit.linkSecret(injectTransport(t.app), to, part);
}

/** A verified bidder made through the API, as the end-to-end journeys make theirs. */
export async function verifiedBidder(t: TestApp, bidder: kit.NewBidder): Promise<kit.BidderSession> {
  return kit.verifiedBidder(injectTransport(t.app), bidder);
}

export interface TestBidder {
  accountId: number;
  bidderId: number;
  token: string;
  auth: { authorization: string };
}

/**
 * A verified, set-up bidder of an event, written straight to the database (no password hashing),
 * with a signed login token — for tests that are about bidding, not about accounts. Not the kit's
 * verifiedBidder: bidding tests make fifty bidders at once, past the verify link's rate limit.
 */
export async function makeBidder(
  t: TestApp,
  eventcode: string,
  email: string,
  opts: { firstname?: string; auctioncode?: string } = {},
): Promise<TestBidder> {
  const tenant = await findTenant(t.ctx.db, opts.auctioncode ?? 'demo', eventcode);
  const [account] = await t.ctx.db
    .insert(accounts)
    .values({
      organizationId: tenant.organization.id,
      email,
      emailVerified: true,
      firstname: opts.firstname ?? email.split('@')[0] ?? '',
      lastname: 'Tester',
      zip: '60601',
    })
    .returning();
  if (!account) throw new Error('no account');
  const bidder = await t.ctx.db.transaction((tx) => ensureBidder(tx, tenant, account.id));
  const token = await t.ctx.tokens.sign(
    {
      userid: account.id,
      bidderid: bidder.id,
      email,
      eventcode: tenant.event.eventcode,
      auctioncode: tenant.organization.auctioncode,
      isguest: false,
    },
    t.ctx.clock(),
  );
  return { accountId: account.id, bidderId: bidder.id, token, auth: bearer(token) };
}
