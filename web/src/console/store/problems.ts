import { z } from 'zod';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { type Problem, problem, storeSettingsField } from '@gavel/domain';

/**
 * The store form's problems: the server's (a refusal lists each problem at its path, like
 * `store.items[2].quantity`) set on the form's fields, and every problem the form holds listed by
 * section for the summary at the top.
 */

const withProblems = z.object({ errors: z.array(problem) });

/** The problems a refusal carries, when the client hands them on (none otherwise: the message alone is shown). */
export function problemsOf(err: unknown): Problem[] {
  const parsed = withProblems.safeParse(err);
  return parsed.success ? parsed.data.errors : [];
}

/** Puts each server problem on its field; one the form has no field for (a list's own) stays on the list. */
export function showProblems<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, err: unknown): void {
  for (const p of problemsOf(err)) {
    const name = storeSettingsField(p.path) as Path<T>;
    form.setError(name, { type: 'server', message: p.message }, { shouldFocus: false });
  }
}

/** A call whose refusal also marks the form's fields. */
export function savingWith<T extends FieldValues, R>(
  form: UseFormReturn<T, unknown, FieldValues>,
  call: () => Promise<R>,
): Promise<R> {
  return call().catch((err: unknown) => {
    showProblems(form, err);
    throw err;
  });
}

export interface FormProblem {
  /** The field's name in the form, such as `store.items.2.price`. */
  name: string;
  message: string;
}

/** Every problem the form holds, in the form's order, each at its field's name. */
export function formProblems(errors: FieldErrors, prefix = ''): FormProblem[] {
  const out: FormProblem[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || typeof value !== 'object' || value === null) continue;
    const name = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') out.push({ name, message });
    out.push(...formProblems(value as FieldErrors, name));
  }
  return out;
}

/** The section of the form a field is in: the screen's tab that shows it. */
export type StoreSection = 'items' | 'promocodes' | 'fields' | 'page';

export function sectionOf(name: string): StoreSection {
  if (name.startsWith('store.items')) return 'items';
  if (name.startsWith('store.promocodes')) return 'promocodes';
  if (name.startsWith('store.registration')) return 'fields';
  return 'page';
}

const LIST_NAMES: Array<[RegExp, string]> = [
  [/^store\.items\.(\d+)/, 'Item'],
  [/^store\.promocodes\.(\d+)/, 'Promo code'],
  [/^store\.registration\.fields\.(\d+)/, 'Guest field'],
  [/^store\.tabs\.(\d+)/, 'Tab'],
];

const FIELD_NAMES: Record<string, string> = {
  name: 'name',
  code: 'code',
  tab: 'tab',
  section: 'section',
  price: 'price',
  quantity: 'quantity',
  maxpertransaction: 'most per cart',
  seats: 'guest seats',
  free: 'free',
  description: 'description',
  logourl: 'picture',
  value: 'discount',
  percent: 'discount',
  amount: 'discount',
  maxuses: 'most uses',
  validfrom: 'valid from',
  validuntil: 'valid until',
  items: 'applies to',
  label: 'label',
  control: 'answer',
  textlength: 'longest answer',
  lookups: 'choices',
  heading: 'heading',
  image: 'picture',
  header: 'heading',
  auctionlink: 'auction button link',
  landinghtml: 'landing page',
  footerhtml: 'footer',
  holdminutes: 'cart hold',
  ccfeespercent: 'card fee',
  title: 'registration title',
  editdeadline: 'registration deadline',
};

/** A field's name as the summary says it: "Item 3, price"; a list's own problem names the list. */
export function describeField(name: string): string {
  for (const [pattern, what] of LIST_NAMES) {
    const m = pattern.exec(name);
    if (!m) continue;
    const rest = name.slice(m[0].length).split('.').filter(Boolean);
    const field = rest.find((part) => FIELD_NAMES[part] !== undefined);
    return `${what} ${Number(m[1]) + 1}${field ? `, ${FIELD_NAMES[field]}` : ''}`;
  }
  if (name === 'store.items') return 'Store items';
  if (name === 'store.promocodes') return 'Promo codes';
  const last = name.split('.').pop() ?? name;
  const label = FIELD_NAMES[last] ?? last;
  return label.charAt(0).toUpperCase() + label.slice(1);
}
