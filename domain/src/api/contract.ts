import type { z } from 'zod';

/**
 * Who may make a call, and how the server finds the caller:
 * - `public`: anyone; no event (health, and the calls behind emailed links, which carry their own secret);
 * - `event`: anyone; the event named by the body's eventcode within the host's organization;
 * - `guest`: a signed-in bidder or a guest, in the event of the body (or of the token when the call has no body);
 * - `bidder`: a signed-in bidder (not a guest), likewise;
 * - `account`: a signed-in account (not a guest) of the host's organization, in the event of the body,
 *   which may be another event than the token's (joining a second event);
 * - `admin`: the organizer's admin token; the event of the body, when it names one;
 * - `store`: anyone, in the event of the body, with the store's cart token when one is sent;
 * - `cart`: a store cart token (never a login token), in the token's event;
 * - `registration`: a purchase's guests: the cart token of a checked-out cart, or a registration
 *   token from a purchaser's link (their purchase) or a guest's link (that guest's seat alone);
 * - `staff:<role>`: a staff token of the host's organization whose role is at least <role> (console/roles.ts);
 *   the event, when the call names one, is the path's `:eventcode` (or the query's `eventcode`).
 */
export type StaffAccess = 'staff:owner' | 'staff:staff' | 'staff:volunteer';
export type Access =
  'public' | 'event' | 'guest' | 'bidder' | 'account' | 'admin' | 'store' | 'cart' | 'registration' | StaffAccess;

export interface Contract {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: Access;
  tags: string[];
  summary: string;
  body?: z.ZodType;
  params?: z.ZodType;
  /** The query string's schema, for the few GET calls that take one. */
  query?: z.ZodType;
  response: z.ZodType;
}

/** One call of the map, its type kept exact (see contracts.ts). */
export const contract = <C extends Contract>(c: C): C => c;
