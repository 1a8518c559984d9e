import type { ContractKey } from '@gavel/domain';

/**
 * The calls a pay link's session (a login token with `scope: 'pay'`, signed by following a
 * charge-all pay link) may make: the bidder's cart, checkout, the card on file (read and save),
 * the orders paid, and reading the profile, which the app does to know who is signed in. Every
 * other call refuses it (lib/caller.ts): no bid, no profile change, no password, no joining.
 */
const PAY_SCOPE_CALLS: ReadonlySet<ContractKey> = new Set<ContractKey>([
  'GET /cart',
  'POST /checkout',
  'GET /userpaymentmethod',
  'POST /updatecard',
  'GET /myorders',
  'GET /userprofile',
]);

export function payScopeAllows(key: ContractKey | undefined): boolean {
  return key !== undefined && PAY_SCOPE_CALLS.has(key);
}
