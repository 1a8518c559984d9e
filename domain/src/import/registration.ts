import { z } from 'zod';
import { nameText, plainText } from '../bounds';
import {
  DEFAULT_TEXT_LENGTH,
  FIELD_CONTROL,
  FIELD_CONTROLS,
  type FieldControl,
  MAX_TEXT_LENGTH,
  STANDARD_FIELDS,
  registrationMessages,
} from '../registration/fields';

/**
 * Guest registration of an organizer's event document (docs/import.md, "Guest registration"), part
 * of the store: the title of the registration pages, whether groups may be renamed, the deadline
 * after which every guest is locked, and the organizer's guest fields. First Name, Last Name and
 * Email always come first; these fields follow them.
 */

const text = (max: number) => plainText(max);
const reserved = new Set(STANDARD_FIELDS.map((f) => f.role));

export const importGuestField = z
  .object({
    /** The organizer's own key for the field; a re-import keeps the answers of the field with the same code. */
    code: text(40)
      .trim()
      .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, - and _')
      .refine((c) => !reserved.has(c.toLowerCase() as 'first'), 'first, last and email are the standard fields'),
    label: nameText(100),
    /** 1 yes/no, 2 lookup dropdown, 3 number, 4 currency, 5 text. */
    control: z
      .number()
      .int()
      .refine(
        (n): n is FieldControl => FIELD_CONTROLS.includes(n as FieldControl),
        'must be 1 (yes/no), 2 (lookup), 3 (number), 4 (currency) or 5 (text)',
      ),
    required: z.boolean().default(false),
    /** Shown locked in the edit dialog until its edit-lock toggle is turned. */
    readonly: z.boolean().default(false),
    /** The most characters a text field takes. */
    textlength: z
      .number()
      .int()
      .min(1, 'must be at least 1')
      .max(MAX_TEXT_LENGTH, `must be at most ${MAX_TEXT_LENGTH}`)
      .default(DEFAULT_TEXT_LENGTH),
    /** The choices of a lookup field, in order. */
    lookups: z.array(nameText(100)).max(200).default([]),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.control === FIELD_CONTROL.lookup && f.lookups.length === 0)
      ctx.addIssue({ code: 'custom', path: ['lookups'], message: 'a lookup field needs at least one choice' });
    if (f.control !== FIELD_CONTROL.lookup && f.lookups.length > 0)
      ctx.addIssue({ code: 'custom', path: ['lookups'], message: 'are only for a lookup field (control 2)' });
    if (new Set(f.lookups.map((l) => l.toLowerCase())).size !== f.lookups.length)
      ctx.addIssue({ code: 'custom', path: ['lookups'], message: 'lists a choice twice' });
  });
export type ImportGuestField = z.infer<typeof importGuestField>;

export const importRegistration = z
  .object({
    title: nameText(200).default(registrationMessages.title),
    allowgrouprename: z.boolean().default(true),
    /** After it every guest is locked; absent: guests can be edited until the organizer locks them. */
    editdeadline: z.iso
      .datetime({
        offset: true,
        error: 'must be an ISO-8601 date and time with an offset, like 2026-12-04T17:00:00-06:00',
      })
      .optional(),
    emailrequired: z.boolean().default(false),
    fields: z.array(importGuestField).max(100, 'at most 100 guest fields').default([]),
  })
  .strict()
  .superRefine((r, ctx) => {
    const seen = new Map<string, number>();
    const standard = new Set(STANDARD_FIELDS.map((f) => f.label.toLowerCase()));
    r.fields.forEach((f, i) => {
      if (standard.has(f.label.toLowerCase()))
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i, 'label'],
          message: 'First Name, Last Name and Email are the standard fields; choose another label',
        });
      const first = seen.get(f.code.toLowerCase());
      if (first !== undefined)
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'code'], message: `repeats the code of fields[${first}]` });
      else seen.set(f.code.toLowerCase(), i);
    });
  });
export type ImportRegistration = z.infer<typeof importRegistration>;
export type ImportRegistrationInput = z.input<typeof importRegistration>;
