import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { accounts, bidders } from '../db/schema';

/** A bidder as money's mails and audit entries name them. */
export interface MoneyPerson {
  bidderId: number;
  number: number;
  email: string;
  firstname: string;
  /** "Ann Lee", else the email. */
  name: string;
  /** "Ann Lee (bidder 101)". */
  label: string;
}

/** The bidders (bidders.id) a payment or a refund names, by id: one query whatever their number. */
export async function peopleOf(db: Db | Tx, ids: number[]): Promise<Map<number, MoneyPerson>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      bidderId: bidders.id,
      number: bidders.bidderdisplaynumber,
      email: accounts.email,
      firstname: accounts.firstname,
      lastname: accounts.lastname,
    })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(inArray(bidders.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => {
      const name = `${r.firstname} ${r.lastname}`.trim() || r.email;
      return [r.bidderId, { ...r, name, label: `${name} (bidder ${r.number})` }] as const;
    }),
  );
}
