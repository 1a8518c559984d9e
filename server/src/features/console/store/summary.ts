import type { ImportStore } from '@gavel/domain';
import { isDeepStrictEqual } from 'node:util';

/** The codes of a list added, removed and changed between two versions, codes compared case-insensitively. */
function listChanges<T extends { code: string }>(before: T[], after: T[]) {
  const old = new Map(before.map((x) => [x.code.toLowerCase(), x]));
  const now = new Set(after.map((x) => x.code.toLowerCase()));
  return {
    added: after.filter((x) => !old.has(x.code.toLowerCase())).map((x) => x.code),
    removed: before.filter((x) => !now.has(x.code.toLowerCase())).map((x) => x.code),
    changed: after
      .filter((x) => {
        const prior = old.get(x.code.toLowerCase());
        return prior !== undefined && !isDeepStrictEqual(prior, x);
      })
      .map((x) => x.code),
  };
}

/** Whether the codes kept in both versions stand in another order. */
function reordered(before: Array<{ code: string }>, after: Array<{ code: string }>): boolean {
  const codes = (xs: Array<{ code: string }>) => xs.map((x) => x.code.toLowerCase());
  const kept = new Set(codes(after));
  const was = codes(before).filter((c) => kept.has(c));
  const still = new Set(was);
  return !isDeepStrictEqual(
    was,
    codes(after).filter((c) => still.has(c)),
  );
}

const MAX_NAMED = 3;
const named = (codes: string[]) =>
  codes.length <= MAX_NAMED
    ? codes.join(', ')
    : `${codes.slice(0, MAX_NAMED).join(', ')} and ${codes.length - MAX_NAMED} more`;

function describe(what: [one: string, many: string], changes: ReturnType<typeof listChanges>): string[] {
  const word = (codes: string[]) => (codes.length === 1 ? what[0] : what[1]);
  const out: string[] = [];
  for (const verb of ['added', 'removed', 'changed'] as const) {
    const codes = changes[verb];
    if (codes.length > 0) out.push(`${verb} ${word(codes)} ${named(codes)}`);
  }
  return out;
}

/**
 * The audit log's sentence for a store saved from the console: what was added, removed and changed,
 * by code ("Store: added item table8; changed promo code GALA10; changed settings.").
 */
export function storeChangeSummary(before: ImportStore, after: ImportStore): string {
  const { items: bi, promocodes: bp, registration: br, ...bs } = before;
  const { items: ai, promocodes: ap, registration: ar, ...as } = after;
  const { fields: bf, ...brs } = br;
  const { fields: af, ...ars } = ar;
  const parts = [
    ...describe(['item', 'items'], listChanges(bi, ai)),
    ...describe(['promo code', 'promo codes'], listChanges(bp, ap)),
    ...describe(['guest field', 'guest fields'], listChanges(bf, af)),
  ];
  if (reordered(bi, ai) || reordered(bf, af)) parts.push('changed the order');
  if (!isDeepStrictEqual(bs, as)) parts.push('changed the store settings');
  if (!isDeepStrictEqual(brs, ars)) parts.push('changed the registration settings');
  return `Store: ${parts.length > 0 ? parts.join('; ') : 'saved'}.`;
}
