import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ImportRegistration, Problem } from '@gavel/domain';
import { FIELD_CONTROL, STANDARD_FIELDS } from '@gavel/domain';
import type { Tx } from '../../db/client';
import { guestFields, guestLookups, registrations } from '../../db/schema';

interface FieldValues {
  code: string;
  role: '' | 'first' | 'last' | 'email';
  label: string;
  control: (typeof guestFields.$inferInsert)['control'];
  required: boolean;
  readonly: boolean;
  textlength: number;
  lookups: string[];
}

/**
 * The guest fields of an import, in its transaction: First Name, Last Name and Email first, then the
 * organizer's, matched by code (case-insensitive) so answers keep their field. A field or choice the
 * document leaves out is retired, not deleted: the answers that name it are kept, and a re-import
 * that lists it again brings them back.
 */
export async function importRegistrationOf(
  tx: Tx,
  eventId: number,
  registration: ImportRegistration,
): Promise<Problem[]> {
  const wanted: FieldValues[] = [
    ...STANDARD_FIELDS.map((f) => ({
      code: f.role,
      role: f.role,
      label: f.label,
      control: FIELD_CONTROL.text,
      required: f.role === 'email' ? registration.emailrequired : true,
      readonly: false,
      textlength: f.textlength,
      lookups: [],
    })),
    ...registration.fields.map((f) => ({
      code: f.code,
      role: '' as const,
      label: f.label,
      control: f.control,
      required: f.required,
      readonly: f.readonly,
      textlength: f.textlength,
      lookups: f.lookups,
    })),
  ];
  const existing = await tx
    .select({ id: guestFields.id, code: guestFields.code, control: guestFields.control })
    .from(guestFields)
    .where(eq(guestFields.eventId, eventId));
  const byCode = new Map(existing.map((f) => [f.code.toLowerCase(), f.id]));
  // Saved answers are read by their field's control: a field guests have answered keeps it.
  const problems: Problem[] = [];
  for (const [i, f] of registration.fields.entries()) {
    const prior = existing.find((e) => e.code.toLowerCase() === f.code.toLowerCase());
    if (!prior || prior.control === f.control) continue;
    const [answered] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.eventId, eventId), sql`${registrations.answers} ? ${String(prior.id)}`))
      .limit(1);
    if (answered)
      problems.push({
        path: `store.registration.fields[${i}].control`,
        message: `cannot change from ${prior.control} to ${f.control}: guests have answered this field (give the new field another code)`,
      });
  }
  if (problems.length > 0) return problems;
  const kept = new Set<number>();
  for (const [position, f] of wanted.entries()) {
    const { lookups, ...values } = f;
    const row = { ...values, eventId, position, retired: false };
    const prior = byCode.get(f.code.toLowerCase());
    let id = prior;
    if (prior !== undefined) await tx.update(guestFields).set(row).where(eq(guestFields.id, prior));
    else {
      const [created] = await tx.insert(guestFields).values(row).returning({ id: guestFields.id });
      id = created?.id;
    }
    if (id === undefined) throw new Error('guest field write returned nothing');
    kept.add(id);
    await importLookups(tx, id, lookups);
  }
  for (const f of existing)
    if (!kept.has(f.id)) await tx.update(guestFields).set({ retired: true }).where(eq(guestFields.id, f.id));
  return [];
}

async function importLookups(tx: Tx, fieldId: number, labels: string[]): Promise<void> {
  const existing = await tx
    .select({ id: guestLookups.id, label: guestLookups.label })
    .from(guestLookups)
    .where(eq(guestLookups.fieldId, fieldId));
  const byLabel = new Map(existing.map((l) => [l.label.toLowerCase(), l.id]));
  const kept = new Set<number>();
  for (const [position, label] of labels.entries()) {
    const prior = byLabel.get(label.toLowerCase());
    if (prior !== undefined) {
      await tx.update(guestLookups).set({ label, position, retired: false }).where(eq(guestLookups.id, prior));
      kept.add(prior);
    } else await tx.insert(guestLookups).values({ fieldId, label, position });
  }
  const gone = existing.filter((l) => !kept.has(l.id)).map((l) => l.id);
  if (gone.length > 0)
    await tx
      .update(guestLookups)
      .set({ retired: true })
      .where(and(eq(guestLookups.fieldId, fieldId), inArray(guestLookups.id, gone)));
}
