import { isDeepStrictEqual } from 'node:util';
import type { Db, Tx } from '../db/client';
import { audit } from '../db/schema';
import type { StaffCaller } from './staff-caller';

/** Who made a change: a staff member through the console, or the operator (ADMIN_TOKEN). */
export type Actor = StaffCaller | { operator: true; organizationId: number };

export interface AuditEntry {
  /** The event changed, if the change belongs to one. */
  eventId: number | null;
  /** A short machine name, filterable on the audit screen: `item.update`, `staff.invite`, ... */
  kind: string;
  /** A short sentence an organizer reads: "Changed item 101 (Weekend in Napa)". */
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** Field names whose values never enter the log: secrets are noted as changed, not copied. */
const SECRET_FIELDS = new Set([
  'processorsecretkey',
  'processorwebhooksecret',
  'password',
  'passwordhash',
  'passwordHash',
]);
export const SECRET_SHOWN = '(secret)';

/** A value as the log keeps it: plain JSON, secrets replaced by SECRET_SHOWN (empty ones left empty). */
export function auditValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(auditValue);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = SECRET_FIELDS.has(k) && typeof v === 'string' && v !== '' ? SECRET_SHOWN : auditValue(v);
    }
    return out;
  }
  return value;
}

/**
 * Records one console write in the audit log. Call it inside the transaction that makes the
 * change, so the change and its entry commit (or roll back) together: nothing in the console
 * changes data without an entry.
 */
export async function recordAudit(tx: Tx | Db, actor: Actor, entry: AuditEntry): Promise<void> {
  const who =
    'operator' in actor
      ? { organizationId: actor.organizationId, staffId: null, actor: 'Operator' }
      : {
          organizationId: actor.organization.id,
          staffId: actor.staff.id,
          actor: actor.staff.name || actor.staff.email,
        };
  await tx.insert(audit).values({
    ...who,
    eventId: entry.eventId,
    kind: entry.kind,
    summary: entry.summary,
    before: entry.before === undefined ? null : auditValue(entry.before),
    after: entry.after === undefined ? null : auditValue(entry.after),
  });
}

/**
 * The fields whose values differ, each side of a change: what the log keeps of an update. Deep and
 * blind to key order (a jsonb column answers its keys in its own order).
 */
export function auditChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown>; keys: string[] } {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => !isDeepStrictEqual(before[k], after[k]),
  );
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
    keys,
  };
}
