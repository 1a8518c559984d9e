import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeskPaymentResponse, RequestOf } from '@gavel/domain';
import { nightKey } from '../live';
import { consoleApi } from '../session';

/** The checkout desk's caches, fetched again when any desk or phone pays (useConsoleLive 'desk'). */
const lookupKey = (eventcode: string, q: string) => nightKey(eventcode, 'desk', 'lookup', q);
const balanceKey = (eventcode: string, bidderid: number) => nightKey(eventcode, 'desk', 'balance', bidderid);
const receiptKey = (eventcode: string, bidderid: number) => nightKey(eventcode, 'desk', 'receipt', bidderid);

export const lookUp = (eventcode: string, q: string) =>
  consoleApi('GET /console/events/:eventcode/desk', undefined, { params: { eventcode }, query: { q } });

/** The bidders `q` finds; the last answer stays on screen while the next search runs. */
export function useDeskLookup(eventcode: string, q: string) {
  return useQuery({
    queryKey: lookupKey(eventcode, q),
    queryFn: () => lookUp(eventcode, q),
    placeholderData: keepPreviousData,
    enabled: q !== '',
  });
}

export function useBalance(eventcode: string, bidderid: number | null) {
  return useQuery({
    queryKey: balanceKey(eventcode, bidderid ?? 0),
    queryFn: () =>
      consoleApi('GET /console/events/:eventcode/bidders/:bidderid/balance', undefined, {
        params: { eventcode, bidderid: bidderid ?? 0 },
      }),
    enabled: bidderid !== null,
  });
}

export function useReceipt(eventcode: string, bidderid: number) {
  return useQuery({
    queryKey: receiptKey(eventcode, bidderid),
    queryFn: () =>
      consoleApi('GET /console/events/:eventcode/bidders/:bidderid/receipt', undefined, {
        params: { eventcode, bidderid },
      }),
  });
}

export type PaymentBody = RequestOf<'POST /console/events/:eventcode/bidders/:bidderid/payments'>;

/** A payment under the attempt's Idempotency-Key (useIdempotencyKey: the same on a retry or a double tap). */
export const payCall = (
  eventcode: string,
  bidderid: number,
  body: PaymentBody,
  headers: Record<string, string>,
): Promise<DeskPaymentResponse> =>
  consoleApi('POST /console/events/:eventcode/bidders/:bidderid/payments', body, {
    params: { eventcode, bidderid },
    headers,
  });

/** The store's Bill Me orders on nobody's balance (fetched again when any desk or phone pays). */
export function useStoreInvoices(eventcode: string) {
  return useQuery({
    queryKey: nightKey(eventcode, 'desk', 'invoices'),
    queryFn: () => consoleApi('GET /console/events/:eventcode/store-invoices', undefined, { params: { eventcode } }),
  });
}

/** An invoice's payment under the attempt's Idempotency-Key. */
export const payInvoiceCall = (
  eventcode: string,
  orderid: number,
  body: RequestOf<'POST /console/events/:eventcode/store-invoices/:orderid/payments'>,
  headers: Record<string, string>,
) =>
  consoleApi('POST /console/events/:eventcode/store-invoices/:orderid/payments', body, {
    params: { eventcode, orderid },
    headers,
  });

export type RefundBody = RequestOf<'POST /console/events/:eventcode/bidders/:bidderid/refunds'>;

/** Money given back (owner) under the attempt's Idempotency-Key. */
export const refundCall = (eventcode: string, bidderid: number, body: RefundBody, headers: Record<string, string>) =>
  consoleApi('POST /console/events/:eventcode/bidders/:bidderid/refunds', body, {
    params: { eventcode, bidderid },
    headers,
  });

/** Holds a disputed line (staff). */
export const holdCall = (
  eventcode: string,
  bidderid: number,
  body: RequestOf<'POST /console/events/:eventcode/bidders/:bidderid/holds'>,
) => consoleApi('POST /console/events/:eventcode/bidders/:bidderid/holds', body, { params: { eventcode, bidderid } });

/** Releases or removes a held line (staff). */
export const resolveHoldCall = (
  eventcode: string,
  holdid: number,
  body: RequestOf<'POST /console/events/:eventcode/holds/:holdid'>,
) => consoleApi('POST /console/events/:eventcode/holds/:holdid', body, { params: { eventcode, holdid } });
