import { eq, inArray } from 'drizzle-orm';
import {
  type Balance,
  isoInZone,
  paymentTotals,
  type PaymentReportRow,
  type PaymentsReportResponse,
  storeOrderNumber,
} from '@gavel/domain';
import type { Db } from '../../../db/client';
import { payments, refunds, staff } from '../../../db/schema';
import { csvMoney, csvTable } from '../../../lib/csv';
import type { Tenant } from '../../../tenancy';
import { bidderLabel, type ReportLedger, readLedger, refundedOrders, type StoreOrderRow } from './ledger-read';
import { deskMethodOf } from '../../store/orders';
import { reportHead } from './summary';

export const TAKEN_BY = { phone: "Bidder's phone", store: 'Store', chargeall: 'Charge all' } as const;

type Row = PaymentReportRow & { sortAt: number };

const card = (brand: string, last4: string) => (last4 ? `${brand} ${last4}`.trim() : '');
const buyer = (o: StoreOrderRow) => `${o.first} ${o.last}`.trim() || o.email;

/**
 * GET reports/payments: every payment the ledger counts (the phone's card orders, each desk and
 * charge-all payment whole, however it was split between balances), the store's card orders on no
 * balance, and each refunded card order twice: as paid, then refunded (negative). So the rows add
 * up to the summary's collected, and a refund shows who got the money back.
 */
export async function paymentsReport(db: Db, tenant: Tenant): Promise<PaymentsReportResponse> {
  const ledger = await readLedger(db, tenant);
  const zone = tenant.event.timezone;
  const row = (r: Omit<PaymentReportRow, 'at'> & { at: Date }): Row => ({
    ...r,
    at: isoInZone(r.at, zone),
    sortAt: r.at.getTime(),
  });
  const rows: Row[] = [...(await ledgerRows(db, ledger, row))];
  const deskStaff = await staffNames(
    db,
    ledger.loose.flatMap((o) => (o.order.deskStaffId === null ? [] : [o.order.deskStaffId])),
  );
  for (const o of ledger.loose) {
    if (o.state === 'unpaid' || o.total === 0) continue;
    const { order } = o;
    const at = order.settledAt ?? order.createdAt;
    const desk = deskMethodOf(order);
    // A Bill Me invoice paid at the checkout desk: in the cash box of whoever took it.
    if (desk)
      rows.push({
        ...storeRow(row, order, at, o.state),
        method: desk,
        takenby: deskStaff.get(order.deskStaffId ?? 0) ?? 'Checkout desk',
        reference: order.deskReference,
      });
    else rows.push(storeRow(row, order, at, o.state));
  }
  const refunded = await refundedOrders(db, tenant);
  for (const o of refunded.phone) {
    const payer = bidderLabel(ledger.bidders.get(o.bidderId));
    const base = { method: 'card' as const, source: 'phone' as const, takenby: TAKEN_BY.phone, payer };
    const reference = card(o.cardbrand, o.cardlast4);
    rows.push(
      row({
        ...base,
        id: `phone-${o.id}`,
        at: o.createdAt,
        amount: o.total,
        kind: 'payment',
        reference,
        state: 'refunded',
      }),
    );
    rows.push(
      row({
        ...base,
        id: `refund-phone-${o.id}`,
        at: o.settledAt ?? o.createdAt,
        amount: -o.total,
        kind: 'refund',
        reference,
        state: 'refunded',
      }),
    );
  }
  for (const o of refunded.store) {
    rows.push(storeRow(row, o, o.createdAt, 'refunded'));
    rows.push({
      ...storeRow(row, o, o.settledAt ?? o.createdAt, 'refunded'),
      id: `refund-store-${o.id}`,
      amount: -o.total,
      kind: 'refund',
    });
  }
  rows.sort((a, b) => a.sortAt - b.sortAt || a.id.localeCompare(b.id));
  const totals = paymentTotals(rows);
  return {
    ...reportHead(tenant),
    rows: rows.map(({ sortAt: _sortAt, ...r }) => r),
    total: totals.total,
    methods: totals.methods,
    people: totals.people,
  };
}

function storeRow(
  row: (r: Omit<PaymentReportRow, 'at'> & { at: Date }) => Row,
  order: StoreOrderRow,
  at: Date,
  state: PaymentReportRow['state'],
): Row {
  return row({
    id: `store-${order.id}`,
    at,
    amount: order.total,
    method: 'card',
    kind: 'payment',
    source: 'store',
    takenby: TAKEN_BY.store,
    payer: `${buyer(order)} (store order ${storeOrderNumber(order.id)})`,
    reference: card(order.cardbrand, order.cardlast4),
    state,
  });
}

/** The ledger's payments: a phone order as it is, a desk payment as the sum of what it gave each balance. */
async function ledgerRows(
  db: Db,
  ledger: ReportLedger,
  row: (r: Omit<PaymentReportRow, 'at'> & { at: Date }) => Row,
): Promise<Row[]> {
  const phone: Row[] = [];
  const back: Balance['payments'] = [];
  const desk = new Map<number, { amount: number; line: Balance['payments'][number] }>();
  for (const balance of ledger.balances.values())
    for (const p of balance.payments) {
      if (p.source === 'refund') {
        back.push(p);
        continue;
      }
      if (p.source === 'phone') {
        phone.push(
          row({
            id: `phone-${p.id}`,
            at: p.at,
            amount: p.amount,
            method: p.method,
            kind: 'payment',
            source: 'phone',
            takenby: TAKEN_BY.phone,
            payer: bidderLabel(ledger.bidders.get(p.payerId)),
            reference: card(p.cardbrand, p.cardlast4),
            state: p.state,
          }),
        );
        continue;
      }
      const seen = desk.get(p.id);
      desk.set(p.id, { amount: (seen?.amount ?? 0) + p.amount, line: p });
    }
  const ids = [...desk.keys()];
  const takers =
    ids.length === 0
      ? []
      : await db
          .select({ id: payments.id, runId: payments.runId, name: staff.name, email: staff.email })
          .from(payments)
          .leftJoin(staff, eq(payments.staffId, staff.id))
          .where(inArray(payments.id, ids));
  const takerOf = new Map(
    takers.map((t) => [t.id, t.runId !== null ? TAKEN_BY.chargeall : t.name || t.email || 'Staff (removed)']),
  );
  const deskRows = [...desk].map(([id, { amount, line }]) =>
    row({
      id: `desk-${id}`,
      at: line.at,
      amount,
      method: line.method,
      kind: 'payment',
      source: takerOf.get(id) === TAKEN_BY.chargeall ? 'chargeall' : 'desk',
      takenby: takerOf.get(id) ?? '',
      payer: bidderLabel(ledger.bidders.get(line.payerId)),
      reference: line.method === 'card' ? card(line.cardbrand, line.cardlast4) : line.reference,
      state: line.state,
    }),
  );
  return [...phone, ...deskRows, ...(await refundRows(db, ledger, back, row))];
}

/** Money given back at the desk: a negative row each, in the cash box of whoever gave it back. */
async function refundRows(
  db: Db,
  ledger: ReportLedger,
  lines: Balance['payments'],
  row: (r: Omit<PaymentReportRow, 'at'> & { at: Date }) => Row,
): Promise<Row[]> {
  if (lines.length === 0) return [];
  const given = await db
    .select({ id: refunds.id, kind: refunds.kind, staffId: refunds.staffId })
    .from(refunds)
    .where(
      inArray(
        refunds.id,
        lines.map((l) => l.id),
      ),
    );
  const byId = new Map(given.map((g) => [g.id, g]));
  const names = await staffNames(
    db,
    given.flatMap((g) => (g.staffId === null ? [] : [g.staffId])),
  );
  return lines.map((l) => {
    const g = byId.get(l.id);
    return row({
      id: `refund-${l.id}`,
      at: l.at,
      amount: l.amount,
      method: l.method,
      kind: g?.kind ?? 'refund',
      source: 'desk',
      takenby: names.get(g?.staffId ?? 0) ?? 'Staff (removed)',
      payer: bidderLabel(ledger.bidders.get(l.payerId)),
      reference: l.reference,
      state: l.state === 'pending' ? 'pending' : 'refunded',
    });
  });
}

/** The payments as a spreadsheet: a refund's amount is negative, a number the spreadsheet sums. */
export function paymentsCsv(r: PaymentsReportResponse): string {
  return csvTable(
    ['Time', 'Amount', 'Method', 'Kind', 'Taken by', 'Payer', 'Reference', 'State'],
    r.rows.map((p) => [p.at, csvMoney(p.amount), p.method, p.kind, p.takenby, p.payer, p.reference, p.state]),
  );
}

/** The staff members' names (else their emails), by id. */
async function staffNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: staff.id, name: staff.name, email: staff.email })
    .from(staff)
    .where(inArray(staff.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name || r.email]));
}
