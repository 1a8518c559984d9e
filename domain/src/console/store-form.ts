import { z } from 'zod';
import { instantFromZonedInput, zonedInputValue } from '../time';
import { STORE_TABS } from '../api/store';
import { type ImportStore, importStore } from '../import/store';
import { FREE_ITEM_TYPE } from '../store/rules';
import { DEDUCTIBILITY_UNCHOSEN } from '../import/deductibility';
import { DEDUCTIBILITIES } from './tax';

/**
 * The console's store form: the import document's `store` as a person types it (numbers as text,
 * times on the event's clock as a datetime-local input holds them, a promo code's discount as a
 * kind and a value, a lookup's choices one a line), turned into the `store` and checked by the
 * import's own schema (consoleStoreRequest), so the form and the server refuse the same things at
 * the same paths.
 */

/** The console's save of a whole store: the import document's `store` (problems come back at `store.…` paths). */
export const consoleStoreRequest = z.object({ store: importStore }).strict();
export type ConsoleStoreRequest = z.infer<typeof consoleStoreRequest>;
export type ConsoleStoreInput = z.input<typeof consoleStoreRequest>;

const numberText = z
  .string()
  .trim()
  .refine((s) => s === '' || Number.isFinite(Number(s)), 'must be a number');
const num = (s: string): number | undefined => (s.trim() === '' ? undefined : Number(s));
const trimmed = (s: string) => s.trim();
const button = z.object({ label: z.string(), show: z.boolean() });

const formTab = z.object({
  tabname: z.enum(STORE_TABS),
  heading: z.string(),
  image: z.string(),
  enabled: z.boolean(),
});

const formItem = z.object({
  code: z.string(),
  tab: z.enum(['Tickets', 'Merchandise']),
  section: z.string(),
  name: z.string(),
  description: z.string(),
  logourl: z.string(),
  price: numberText,
  quantity: numberText,
  unlimited: z.boolean(),
  maxpertransaction: numberText,
  /** Free: shown FREE, never charged (itemtypecode 4). */
  free: z.boolean(),
  /** The item's type as stored, kept when it is not free. */
  itemtypecode: z.number().int(),
  seats: numberText,
  /** The fair market value of one, in dollars ('' = 0). */
  fairmarketvalue: numberText,
  /** How a purchase is deductible; '' until chosen (a new item must choose: never guessed). */
  deductible: z.enum([...DEDUCTIBILITIES, '']),
});

const PROMO_KINDS = ['percent', 'amount'] as const;
const formPromo = z.object({
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: numberText,
  validfrom: z.string(),
  validuntil: z.string(),
  maxuses: numberText,
  /** Codes of the items it applies to; none: every item. */
  items: z.array(z.string()),
});

const CONTROLS = ['1', '2', '3', '4', '5'] as const;
const formField = z.object({
  code: z.string(),
  label: z.string(),
  control: z.enum(CONTROLS),
  required: z.boolean(),
  readonly: z.boolean(),
  textlength: numberText,
  /** A lookup's choices, one a line. */
  lookups: z.string(),
});

const formStore = z.object({
  header: z.string(),
  landinghtml: z.string(),
  footerhtml: z.string(),
  buttons: z.object({ event: button, auction: button, donate: button }),
  auctionlink: z.string(),
  tabs: z.array(formTab),
  items: z.array(formItem),
  promocodes: z.array(formPromo),
  holdminutes: numberText,
  billme: z.boolean(),
  ccfeespercent: numberText,
  allowpaymentoffees: z.boolean(),
  requiredemail: z.boolean(),
  requiredzip: z.boolean(),
  registration: z.object({
    title: z.string(),
    allowgrouprename: z.boolean(),
    editdeadline: z.string(),
    emailrequired: z.boolean(),
    fields: z.array(formField),
  }),
});

export type StoreSettingsItem = z.input<typeof formItem>;
export type StoreSettingsPromo = z.input<typeof formPromo>;
export type StoreSettingsGuestField = z.input<typeof formField>;
export type StoreSettingsTab = z.input<typeof formTab>;
export type StoreSettingsValues = { store: z.input<typeof formStore> };

/** The words of a quantity below the units sold, as the import says them (server import-quantities.ts). */
export const belowSoldMessage = (sold: number) => `cannot be below the ${sold} already sold`;

const NOT_A_TIME = 'must be a date and time';

/** The import's words that name a document's field, as the form says them (the rule is the same). */
const FORM_WORDS: Record<string, string> = {
  'must be above 0 (use itemtypecode 4 for a free item)': 'must be above 0 (tick Free for a free item)',
  'must be 0 for a free item (itemtypecode 4)': 'must be 0 for a free item',
  'give exactly one of percent or amount': 'is required',
};

/** The form's values as the `store` the import takes: what the schema then judges. */
function toStore(s: z.output<typeof formStore>, timezone: string): ConsoleStoreInput['store'] {
  const at = (local: string) => (local.trim() === '' ? undefined : (instantFromZonedInput(local, timezone) ?? local));
  const editdeadline = at(s.registration.editdeadline);
  return {
    ...s,
    auctionlink: s.auctionlink.trim(),
    tabs: s.tabs.map(({ image, ...t }) => ({ ...t, ...(image.trim() ? { image: image.trim() } : {}) })),
    items: s.items.map(({ logourl, free, itemtypecode, ...i }) => ({
      ...i,
      ...(logourl.trim() ? { logourl: logourl.trim() } : {}),
      price: free ? 0 : num(i.price),
      quantity: num(i.quantity),
      maxpertransaction: num(i.maxpertransaction),
      itemtypecode: free ? FREE_ITEM_TYPE : itemtypecode === FREE_ITEM_TYPE ? 1 : itemtypecode,
      // Seats are a ticket's: the field is not shown for merchandise.
      seats: i.tab === 'Tickets' ? num(i.seats) : 0,
      fairmarketvalue: num(i.fairmarketvalue),
      // Unchosen is refused by the schema's transform below, not given the import's default.
      deductible: i.deductible === '' ? undefined : i.deductible,
    })),
    promocodes: s.promocodes.map((p) => {
      const validfrom = at(p.validfrom);
      const validuntil = at(p.validuntil);
      return {
        code: p.code,
        ...(p.kind === 'percent' ? { percent: num(p.value) } : { amount: num(p.value) }),
        ...(validfrom ? { validfrom } : {}),
        ...(validuntil ? { validuntil } : {}),
        maxuses: num(p.maxuses),
        items: p.items,
      };
    }),
    holdminutes: num(s.holdminutes),
    ccfeespercent: num(s.ccfeespercent),
    registration: {
      ...s.registration,
      editdeadline,
      fields: s.registration.fields.map((f) => ({
        ...f,
        control: Number(f.control),
        textlength: num(f.textlength),
        // Choices belong to a lookup alone; a control changed away from lookup leaves its lines unsent.
        lookups: f.control === '2' ? f.lookups.split('\n').map(trimmed).filter(Boolean) : [],
      })),
    },
  };
}

/**
 * The store form's schema for an event's zone: typed text is checked, turned into the `store` and
 * judged by the import's schema. `sold` (units sold by item code, lowercased) refuses a quantity
 * below them before the server does.
 */
export function storeSettingsSchema(timezone: string, sold: ReadonlyMap<string, number> = new Map()) {
  return z
    .object({ store: formStore })
    .superRefine(({ store }, ctx) => {
      const time = (local: string, path: Array<string | number>) => {
        if (local.trim() !== '' && instantFromZonedInput(local, timezone) === null)
          ctx.addIssue({ code: 'custom', path: ['store', ...path], message: NOT_A_TIME });
      };
      time(store.registration.editdeadline, ['registration', 'editdeadline']);
      store.promocodes.forEach((p, i) => {
        time(p.validfrom, ['promocodes', i, 'validfrom']);
        time(p.validuntil, ['promocodes', i, 'validuntil']);
      });
      store.items.forEach((item, i) => {
        const gone = sold.get(item.code.trim().toLowerCase()) ?? 0;
        const quantity = num(item.quantity) ?? 0;
        if (!item.unlimited && quantity < gone)
          ctx.addIssue({ code: 'custom', path: ['store', 'items', i, 'quantity'], message: belowSoldMessage(gone) });
      });
    })
    .transform(({ store }, ctx): ConsoleStoreRequest => {
      // Judged by the import's schema, each problem put at the field that shows it (so a field
      // corrected clears its own message).
      const judged = consoleStoreRequest.safeParse({ store: toStore(store, timezone) });
      const unchosen = store.items.flatMap((item, i) => (item.deductible === '' ? [i] : []));
      if (judged.success && unchosen.length === 0) return judged.data;
      for (const i of unchosen)
        ctx.addIssue({ code: 'custom', message: DEDUCTIBILITY_UNCHOSEN, path: ['store', 'items', i, 'deductible'] });
      for (const issue of judged.error?.issues ?? [])
        ctx.addIssue({
          code: 'custom',
          message: FORM_WORDS[issue.message] ?? issue.message,
          path: storeSettingsField(issue.path.join('.')).split('.'),
        });
      return z.NEVER;
    });
}

const text = (n: number | undefined) => (n === undefined ? '' : String(n));
const local = (iso: string | undefined, timezone: string) => (iso ? zonedInputValue(iso, timezone) : '');

/** A store as the form shows it. */
export function storeSettingsValues(store: ImportStore, timezone: string): StoreSettingsValues {
  return {
    store: {
      ...store,
      tabs: store.tabs.map((t) => ({ ...t, image: t.image ?? '' })),
      items: store.items.map((i) => ({
        ...i,
        logourl: i.logourl ?? '',
        price: String(i.price),
        quantity: String(i.quantity),
        maxpertransaction: String(i.maxpertransaction),
        free: i.itemtypecode === FREE_ITEM_TYPE,
        seats: String(i.seats),
        fairmarketvalue: String(i.fairmarketvalue),
      })),
      promocodes: store.promocodes.map((p) => ({
        code: p.code,
        kind: p.amount !== undefined ? 'amount' : 'percent',
        value: text(p.amount ?? p.percent),
        validfrom: local(p.validfrom, timezone),
        validuntil: local(p.validuntil, timezone),
        maxuses: text(p.maxuses),
        items: p.items,
      })),
      holdminutes: String(store.holdminutes),
      ccfeespercent: text(store.ccfeespercent),
      registration: {
        ...store.registration,
        editdeadline: local(store.registration.editdeadline, timezone),
        fields: store.registration.fields.map((f) => ({
          ...f,
          control: String(f.control) as StoreSettingsGuestField['control'],
          textlength: String(f.textlength),
          lookups: f.lookups.join('\n'),
        })),
      },
    },
  };
}

/** A new row of each list, as the form adds it. */
export const newStoreSettingsRows = {
  item: (): StoreSettingsItem => ({
    code: '',
    tab: 'Tickets',
    section: '',
    name: '',
    description: '',
    logourl: '',
    price: '',
    quantity: '',
    unlimited: false,
    maxpertransaction: '0',
    free: false,
    itemtypecode: 1,
    seats: '1',
    fairmarketvalue: '',
    deductible: '',
  }),
  promo: (): StoreSettingsPromo => ({
    code: '',
    kind: 'percent',
    value: '',
    validfrom: '',
    validuntil: '',
    maxuses: '',
    items: [],
  }),
  field: (): StoreSettingsGuestField => ({
    code: '',
    label: '',
    control: '5',
    required: false,
    readonly: false,
    textlength: '100',
    lookups: '',
  }),
};

/**
 * Where the form shows a problem of the store (a server's `store.items[2].price` or the schema's
 * `store.items.2.price`): the field's name in the form. A promo code's percent or amount is its
 * value; a lookup's single choice is the choices box; an item's type is its Free box.
 */
export function storeSettingsField(path: string): string {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^(store\.promocodes\.\d+)\.(percent|amount)$/, '$1.value')
    .replace(/^(store\.registration\.fields\.\d+\.lookups)\.\d+$/, '$1')
    .replace(/^(store\.items\.\d+)\.itemtypecode$/, '$1.free');
}
