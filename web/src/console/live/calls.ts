import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AnswerOf,
  type LiveSalesResponse,
  OVERRIDE_PATH,
  type PledgeRequest,
  type PledgesResponse,
  type Problem,
  type RequestOf,
} from '@gavel/domain';
import { ApiError } from '../../api/client';
import { nightKey } from '../live';
import { consoleApi } from '../session';

/** The live sales page's answer, fetched again when any clerk's sale or undo lands (useConsoleLive 'live'). */
export const salesKey = (eventcode: string) => nightKey(eventcode, 'live', 'sales');
/** One fund-a-need item's running total (every item's, when `itemnum` is left out of the key). */
export const pledgesKey = (eventcode: string, itemnum?: string) =>
  nightKey(eventcode, 'live', 'pledges', ...(itemnum ? [itemnum] : []));

export function useLiveSales(eventcode: string) {
  return useQuery<LiveSalesResponse>({
    queryKey: salesKey(eventcode),
    queryFn: () => consoleApi('GET /console/events/:eventcode/live-sales', undefined, { params: { eventcode } }),
  });
}

/** One fund-a-need item's running total (the first's until one is picked); the last answer stays on screen while another item's loads. */
export function usePledges(eventcode: string, itemnum: string | undefined) {
  return useQuery<PledgesResponse>({
    queryKey: pledgesKey(eventcode, itemnum ?? ''),
    queryFn: () =>
      consoleApi('GET /console/events/:eventcode/pledges', undefined, {
        params: { eventcode },
        ...(itemnum ? { query: { itemnum } } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

type SaleBody = RequestOf<'POST /console/events/:eventcode/live-sales'>;
export type Headers = Record<string, string>;

/**
 * A sale as entered: saved, or stopped by what staff may overrule (the server's 409 with a problem
 * at `override`), which the page shows with "Save anyway". Every other refusal is the form's message.
 */
export type Entered =
  | { kind: 'saved'; answer: AnswerOf<'POST /console/events/:eventcode/live-sales'>; body: SaleBody }
  | { kind: 'warning'; message: string; problems: Problem[]; body: SaleBody };

export async function enterSale(eventcode: string, body: SaleBody, headers: Headers): Promise<Entered> {
  try {
    const answer = await consoleApi('POST /console/events/:eventcode/live-sales', body, {
      params: { eventcode },
      headers,
    });
    return { kind: 'saved', answer, body };
  } catch (err) {
    if (err instanceof ApiError && err.errors.some((p) => p.path === OVERRIDE_PATH))
      return {
        kind: 'warning',
        message: err.message,
        problems: err.errors.filter((p) => p.path !== OVERRIDE_PATH),
        body,
      };
    throw err;
  }
}

export const undoSaleCall = (eventcode: string) => (id: number) =>
  consoleApi('DELETE /console/events/:eventcode/live-sales/:id', undefined, { params: { eventcode, id } });

export const pledgeCall = (eventcode: string, body: PledgeRequest, headers: Headers) =>
  consoleApi('POST /console/events/:eventcode/pledges', body, { params: { eventcode }, headers });

export const undoPledgeCall = (eventcode: string) => (id: number) =>
  consoleApi('DELETE /console/events/:eventcode/pledges/:id', undefined, { params: { eventcode, id } });
