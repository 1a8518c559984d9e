import { z } from 'zod';
import type { GuestField } from '../api/registration';
import { type ChoicesOf, type FormValue, formValueOf, guestFieldsPayload, guestFormProblems } from './fields';

/**
 * The guest edit form (the dialog and the guest's own page): one value per field under `f{fieldid}`
 * (a yes/no's checkbox, every other control's typed text), checked by the same rules as the server.
 */
export const formKey = (fieldid: number) => `f${fieldid}`;
export type GuestFormValues = Record<string, FormValue>;

const byId = (values: GuestFormValues): Record<number, FormValue> => {
  const out: Record<number, FormValue> = {};
  for (const [key, v] of Object.entries(values)) if (key.startsWith('f')) out[Number(key.slice(1))] = v;
  return out;
};

/** The form's schema: each field's problem under its own key, so it shows under that field. */
export function guestFormSchema(fields: readonly GuestField[], choicesOf: ChoicesOf) {
  return z.record(z.string(), z.union([z.string(), z.boolean()])).superRefine((values, ctx) => {
    const problems = guestFormProblems(fields, byId(values), choicesOf);
    for (const [id, message] of Object.entries(problems))
      ctx.addIssue({ code: 'custom', path: [formKey(Number(id))], message });
  });
}

/** What the form starts with: the values the server sent. */
export function guestFormDefaults(fields: readonly GuestField[]): GuestFormValues {
  return Object.fromEntries(fields.map((f) => [formKey(f.fieldid), formValueOf(f, f.fieldvalue)]));
}

/** PUT storeguest's body for what was typed. */
export function guestSaveRequest(
  fields: readonly GuestField[],
  values: GuestFormValues,
  seat: { guestid: number; registrationid: number; unlock: boolean },
) {
  return {
    guestid: seat.guestid,
    registrationid: seat.registrationid,
    guestfieldslist: guestFieldsPayload(fields, byId(values)),
    ...(seat.unlock ? { unlock: true } : {}),
  };
}
