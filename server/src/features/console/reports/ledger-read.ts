import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { type Balance, bidderWords, type LooseStoreOrder, type StoreSplit, storeOrderSplit } from '@gavel/domain';
import type { Db } from '../../../db/client';
import { accounts, bidders, orders, storeCartLines, storeItems, storeOrders } from '../../../db/schema';
import type { Tenant } from '../../../tenancy';
import { deskMethodOf } from '../../store/orders';
import { balancesOf } from '../../../money/ledger';

/**
 * What every report reads: the ledger's balances (desk/ledger.ts, the one reading of them), the
 * store's orders with their split by source, the refunded card orders, and the event's bidders.
 * The store orders on a balance are the ledger's 'storebillme' lines; the others are "loose".
 */

export type StoreOrderRow = typeof storeOrders.$inferSelect;

export interface BidderInfo {
  accountId: number;
  number: number;
  name: string;
  email: string;
  phone: string;
}

export interface ReportLedger {
  balances: Map<number, Balance>;
  /** Every store order that counts (not declined or refunded), by id, with its split. */
  store: Map<number, { order: StoreOrderRow; split: StoreSplit }>;
  /** Store orders on no bidder's balance. */
  loose: Array<LooseStoreOrder & { order: StoreOrderRow }>;
  bidders: Map<number, BidderInfo>;
}

const LOOSE_STATES = new Set(['paid', 'pending', 'unpaid']);

export async function readLedger(db: Db, tenant: Tenant): Promise<ReportLedger> {
  const balances = await balancesOf(db, tenant.event);
  const store = await storeOrdersOf(db, tenant, ['failed', 'refunded']);
  const onBalances = new Set(
    [...balances.values()].flatMap((b) => b.lines.filter((l) => l.kind === 'storebillme').map((l) => l.id)),
  );
  const loose = [...store.values()]
    .filter(({ order }) => !onBalances.has(order.id) && LOOSE_STATES.has(order.state))
    .map(({ order, split }) => ({
      order,
      split,
      total: order.total,
      state: order.state as LooseStoreOrder['state'],
      method: deskMethodOf(order) ?? ('card' as const),
    }));
  return { balances, store, loose, bidders: await biddersOf(db, tenant) };
}

/** The event's store orders, but those in the states left out, with their lines' split by source. */
export async function storeOrdersOf(db: Db, tenant: Tenant, leaveOut: Array<StoreOrderRow['state']>) {
  const rows = await db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.eventId, tenant.event.id), notInArray(storeOrders.state, leaveOut)))
    .orderBy(asc(storeOrders.id));
  const cartIds = rows.map((r) => r.cartId);
  const lines =
    cartIds.length === 0
      ? []
      : await db
          .select({
            cartId: storeCartLines.cartId,
            tab: storeItems.tab,
            quantity: storeCartLines.quantity,
            price: storeCartLines.price,
          })
          .from(storeCartLines)
          .innerJoin(storeItems, eq(storeCartLines.itemId, storeItems.id))
          .where(inArray(storeCartLines.cartId, cartIds));
  return new Map(
    rows.map((order) => {
      const mine = lines
        .filter((l) => l.cartId === order.cartId)
        .map((l) => ({ tab: l.tab, amount: l.price * l.quantity }));
      return [order.id, { order, split: storeOrderSplit({ ...order, lines: mine }) }];
    }),
  );
}

/** The card orders refunded (the phone's and the store's): in neither raised nor collected. */
export async function refundedOrders(db: Db, tenant: Tenant) {
  const phone = await db
    .select()
    .from(orders)
    .where(and(eq(orders.eventId, tenant.event.id), eq(orders.state, 'refunded')))
    .orderBy(asc(orders.id));
  const store = await db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.eventId, tenant.event.id), eq(storeOrders.state, 'refunded')))
    .orderBy(asc(storeOrders.id));
  return { phone, store };
}

/** The event's bidders by bidders.id: the console's bidder id (the account's), number, name and contacts. */
export async function biddersOf(db: Db, tenant: Tenant): Promise<Map<number, BidderInfo>> {
  const rows = await db
    .select({
      id: bidders.id,
      accountId: accounts.id,
      number: bidders.bidderdisplaynumber,
      firstname: accounts.firstname,
      lastname: accounts.lastname,
      email: accounts.email,
      phone: accounts.cellphone,
    })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(eq(bidders.eventId, tenant.event.id));
  return new Map(
    rows.map((r) => [
      r.id,
      { accountId: r.accountId, number: r.number, name: bidderWords.nameOf(r), email: r.email, phone: r.phone },
    ]),
  );
}

/** A bidder as a report names them: 'Ann Lee (#12)'. */
export const bidderLabel = (b: BidderInfo | undefined) => (b ? `${b.name} (#${b.number})` : '');
