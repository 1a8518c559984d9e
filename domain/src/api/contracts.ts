import type { z } from 'zod';
import { accountCalls } from './calls/accounts';
import type { adminCalls } from './calls/admin';
import { cartCalls } from './calls/cart';
import type { displayCalls } from './calls/display';
import { eventCalls } from './calls/event';
import { itemCalls } from './calls/items';
import { paymentCalls } from './calls/payments';
import type { pushCalls } from './calls/push';
import type { consoleCalls } from './console-calls';
import type { storeAppCalls } from './store-calls';

export type { Access, Contract, StaffAccess } from './contract';
export { authorizeBidderRequest, backupResponse, importResponse } from './admin';

/**
 * Every call of the API: its path, who may make it, and the schemas of its request and answer.
 * The server registers its routes from this map and the web client is typed by it, so a wrong
 * path or field does not compile on either side. Each area's calls are in calls/.
 *
 * The map is kept in parts, so a phone's first load carries only the schemas of the calls it may
 * make: the bidder app makes the calls of `appCalls`, which the web client knows from the start;
 * the display board's (`displayCalls`), this device's push subscription (`pushCalls`), the event store's and guest registration's
 * (`storeAppCalls`) and the console's (`consoleCalls`) are added by their pages (knowCalls in
 * web/src/api/client.ts); the operator's (`adminCalls`) are made by scripts, never by the web app.
 * Within a part, each call's schemas are built when the call is first used (z.lazy,
 * docs/code-style.md), so a page builds only its own.
 */
export const appCalls = {
  ...eventCalls,
  ...accountCalls,
  ...itemCalls,
  ...cartCalls,
  ...paymentCalls,
} as const;

type Definitions = typeof appCalls &
  typeof displayCalls &
  typeof pushCalls &
  typeof storeAppCalls &
  typeof adminCalls &
  typeof consoleCalls;

export type Contracts = Definitions;
export type ContractKey = keyof Contracts;

/** What a call sends, as the code inside holds it (amounts in cents); undefined for calls without a body. */
export type RequestOf<K extends ContractKey> = Contracts[K] extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : undefined;
/** A call's path parameters, for the few calls that have them. */
export type ParamsOf<K extends ContractKey> = Contracts[K] extends { params: infer P extends z.ZodType }
  ? z.output<P>
  : undefined;
/** A call's query string, for the few calls that take one. */
export type QueryOf<K extends ContractKey> = Contracts[K] extends { query: infer Q extends z.ZodType }
  ? z.output<Q>
  : undefined;
/** A call's answer, as the code inside holds it (amounts in cents). */
export type AnswerOf<K extends ContractKey> = z.output<Contracts[K]['response']>;

/**
 * The map's type, so that code generic in the key still knows each schema's own type (TypeScript
 * follows a mapped type through a generic index, where it would widen the plain object to a union).
 * The whole map is `contracts` (api/all-contracts.ts).
 */
export type ContractMap = { [K in ContractKey]: Contracts[K] & { response: z.ZodType<AnswerOf<K>> } };

/** A call's URL path under /api, its `:name` parameters filled in (encoded). */
export function contractPath(template: string, params: Readonly<Record<string, string>> = {}): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
