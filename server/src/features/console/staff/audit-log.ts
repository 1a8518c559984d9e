import { and, asc, desc, eq, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { AuditAnswer } from '@gavel/domain';
import { AUDIT_PAGE_SIZE, DEFAULT_TIME_ZONE } from '@gavel/domain';
import type { Db } from '../../../db/client';
import { audit, events, staff } from '../../../db/schema';

export interface AuditFilter {
  organizationId: number;
  /** One event's entries; the whole organization's when absent. */
  eventId?: number;
  staffId?: number;
  kind?: string;
  /** The next page: entries older than this id. */
  before?: number;
}

/**
 * The audit log, newest first, a page at a time, with what its filters offer: every kind and every
 * person in the log (of the event, when one is asked for), whatever the other filters chose.
 */
export async function readAuditLog(db: Db, filter: AuditFilter): Promise<Omit<AuditAnswer, 'status'>> {
  const scope: SQL[] = [eq(audit.organizationId, filter.organizationId)];
  if (filter.eventId !== undefined) scope.push(eq(audit.eventId, filter.eventId));
  const chosen = [...scope];
  if (filter.staffId !== undefined) chosen.push(eq(audit.staffId, filter.staffId));
  if (filter.kind !== undefined) chosen.push(eq(audit.kind, filter.kind));
  if (filter.before !== undefined) chosen.push(lt(audit.id, filter.before));
  const [rows, kinds, people] = await Promise.all([
    db
      .select({ entry: audit, eventcode: events.eventcode, timezone: events.timezone })
      .from(audit)
      .leftJoin(events, eq(audit.eventId, events.id))
      .where(and(...chosen))
      .orderBy(desc(audit.id))
      .limit(AUDIT_PAGE_SIZE + 1),
    db
      .selectDistinct({ kind: audit.kind })
      .from(audit)
      .where(and(...scope))
      .orderBy(asc(audit.kind)),
    db
      .selectDistinct({ staffid: staff.id, name: staff.name, email: staff.email })
      .from(audit)
      .innerJoin(staff, eq(audit.staffId, staff.id))
      .where(and(...scope, isNotNull(audit.staffId))),
  ]);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    entries: page.map(({ entry, eventcode, timezone }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actor: entry.actor,
      staffid: entry.staffId,
      eventcode,
      timezone: timezone ?? DEFAULT_TIME_ZONE,
      kind: entry.kind,
      summary: entry.summary,
      before: entry.before,
      after: entry.after,
    })),
    kinds: kinds.map((k) => k.kind),
    people: people
      .map((p) => ({ staffid: p.staffid, name: p.name || p.email }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    more: rows.length > AUDIT_PAGE_SIZE && last ? last.entry.id : null,
  };
}
