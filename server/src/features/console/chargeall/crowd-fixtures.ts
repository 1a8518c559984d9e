import { PROCESSOR_TEST, testCardOutcome } from '@gavel/domain';
import { accounts, bidders, paymentMethods, wonItems } from '../../../db/schema';
import { issueTestCryptogram } from '../../../payments/test-gateway';
import type { TestApp } from '../../../test/harness';
import { findTenant } from '../../../tenancy';
import { bearer } from '../../../../../testkit/transport';
import { VISA } from './chargeall-fixtures';

/**
 * A room of bidders for the concurrency test and the bench: written in a few bulk statements (the
 * API makes a bidder in four calls; two hundred of them would take most of the test's time), each
 * with a card of their own saved through the event's gateway and one item won by Buy It Now.
 */
export interface CrowdBidder {
  accountId: number;
  bidderId: number;
  number: number;
  wonId: number;
  card: string;
  auth: { authorization: string };
}

export async function crowd(
  t: TestApp,
  { count, itemId, price, eventcode = 'gala' }: { count: number; itemId: number; price: number; eventcode?: string },
): Promise<CrowdBidder[]> {
  const tenant = await findTenant(t.ctx.db, t.config.defaultAuctionCode, eventcode);
  const now = t.ctx.clock();
  const made = await t.ctx.db
    .insert(accounts)
    .values(
      Array.from({ length: count }, (_, i) => ({
        organizationId: tenant.organization.id,
        email: `crowd${i}@example.org`,
        emailVerified: true,
        firstname: `Crowd${i}`,
        lastname: 'Tester',
      })),
    )
    .returning({ id: accounts.id, email: accounts.email });
  const registered = await t.ctx.db
    .insert(bidders)
    .values(
      made.map((a, i) => ({
        eventId: tenant.event.id,
        accountId: a.id,
        bidderdisplaynumber: 5000 + i,
        setupcomplete: true,
      })),
    )
    .returning({ id: bidders.id, accountId: bidders.accountId, number: bidders.bidderdisplaynumber });
  const gateway = t.ctx.payments.gatewayFor(tenant.event);
  if (!gateway) throw new Error('the event takes no cards');
  const cards: Array<typeof paymentMethods.$inferInsert & { ref: string }> = [];
  for (const b of registered) {
    const token = issueTestCryptogram(
      t.ctx.payments.options.secret,
      tenant.event.id,
      {
        brand: 'Visa',
        last4: VISA.slice(-4),
        expmonth: 12,
        expyear: 2030,
        outcome: testCardOutcome(VISA)!,
        authenticated: false,
      },
      now,
    );
    const owner = { bidderId: b.id, email: '', name: '', customer: undefined };
    const saved = await gateway.saveCard({ token, owner, key: `crowd-save-${b.id}` });
    if (saved.kind !== 'saved') throw new Error(`saving a card: ${JSON.stringify(saved)}`);
    cards.push({ bidderId: b.id, processorcode: PROCESSOR_TEST, ...saved.card });
  }
  await t.ctx.db.insert(paymentMethods).values(cards);
  const won = await t.ctx.db
    .insert(wonItems)
    .values(
      registered.map((b) => ({
        eventId: tenant.event.id,
        itemId,
        bidderId: b.id,
        kind: 'buynow' as const,
        amount: price,
        quantity: 1,
        createdAt: now,
      })),
    )
    .returning({ id: wonItems.id, bidderId: wonItems.bidderId });
  return Promise.all(
    registered.map(async (b) => {
      const account = made.find((a) => a.id === b.accountId)!;
      const token = await t.ctx.tokens.sign(
        {
          userid: account.id,
          bidderid: b.id,
          email: account.email,
          eventcode: tenant.event.eventcode,
          auctioncode: tenant.organization.auctioncode,
          isguest: false,
        },
        now,
      );
      return {
        accountId: b.accountId,
        bidderId: b.id,
        number: b.number,
        wonId: won.find((w) => w.bidderId === b.id)!.id,
        card: cards.find((c) => c.bidderId === b.id)!.ref,
        auth: bearer(token),
      };
    }),
  );
}
