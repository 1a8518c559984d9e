import { z } from 'zod';
import { STORE_TABS } from '../api/store';
import { freeText, nameText, optionalNameText, plainText } from '../bounds';
import { DEFAULT_HOLD_MINUTES, FREE_ITEM_TYPE } from '../store/rules';
import { importRegistration } from './registration';
import { dollars, imageRef, siteHref } from './schema-parts';
import { deductibility } from './deductibility';

/**
 * The event store of an organizer's event document (docs/import.md, "The store"): the landing
 * page, the tabs, the items for sale, the promo codes and how checkout behaves.
 */

/** One line of text (codes); names and labels people read have visible text (nameText); HTML and descriptions may hold line breaks and tabs. */
const text = (max: number) => plainText(max);
const html = freeText(100_000).default('');
const instant = z.iso.datetime({
  offset: true,
  error: 'must be an ISO-8601 date and time with an offset, like 2026-12-05T19:00:00-06:00',
});
const count = z
  .number()
  .int('must be a whole number')
  .min(0, 'cannot be negative')
  .max(1_000_000, 'must be at most 1,000,000');

const button = (label: string) =>
  z
    .object({ label: optionalNameText(60).default(label), show: z.boolean().default(true) })
    .strict()
    .prefault({});

export const importStoreTab = z
  .object({
    tabname: z.enum(STORE_TABS, { error: `must be one of ${STORE_TABS.join(', ')}` }),
    heading: optionalNameText(200).default(''),
    image: imageRef.optional(),
    enabled: z.boolean().default(true),
  })
  .strict();

const defaultTabs = STORE_TABS.map((tabname) => ({ tabname, heading: '', enabled: true }));

export const importStoreItem = z
  .object({
    /** The organizer's own key for the item; a re-import updates the item with the same code. */
    code: text(40).trim().min(1, 'is required'),
    tab: z.enum(['Tickets', 'Merchandise'], { error: 'must be Tickets or Merchandise' }),
    section: optionalNameText(200).default(''),
    name: nameText(200),
    description: freeText(2_000).default(''),
    logourl: imageRef.optional(),
    price: dollars.default(0),
    quantity: count.default(0),
    unlimited: z.boolean().default(false),
    /** 0 means no limit. */
    maxpertransaction: count.default(0),
    /** 4 means free: shown FREE and never charged. */
    itemtypecode: z.number().int().min(1).max(99).default(1),
    /** Guest seats one unit gives (a table of eight: 8); 0 for merchandise. */
    seats: z.number().int().min(0).max(100).default(0),
    /** The fair market value of one unit (a ticket's dinner), in dollars, for tax receipts. */
    fairmarketvalue: dollars.default(0),
    /** How a purchase is deductible, as auction items say it; absent means 'value'. */
    deductible: deductibility.default('value'),
  })
  .strict()
  .superRefine((item, ctx) => {
    if (item.itemtypecode === FREE_ITEM_TYPE && item.price !== 0)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'must be 0 for a free item (itemtypecode 4)' });
    if (item.itemtypecode !== FREE_ITEM_TYPE && item.price <= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: 'must be above 0 (use itemtypecode 4 for a free item)',
      });
    if (item.seats > 0 && item.tab !== 'Tickets')
      ctx.addIssue({ code: 'custom', path: ['seats'], message: 'is only for items of the Tickets tab' });
  });
export type ImportStoreItem = z.infer<typeof importStoreItem>;

export const importPromoCode = z
  .object({
    code: text(40)
      .trim()
      .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, - and _'),
    /** One of percent (1 to 100) or amount (dollars). */
    percent: z.number().gt(0, 'must be above 0').max(100, 'must be at most 100').optional(),
    amount: dollars.optional(),
    validfrom: instant.optional(),
    validuntil: instant.optional(),
    maxuses: z.number().int().min(1, 'must be at least 1').max(1_000_000).optional(),
    /** Codes of the store items it applies to; absent or empty: every item. */
    items: z.array(text(40)).max(500).default([]),
  })
  .strict()
  .superRefine((p, ctx) => {
    if ((p.percent === undefined) === (p.amount === undefined))
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'give exactly one of percent or amount' });
    if (p.amount !== undefined && p.amount <= 0)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'must be above 0' });
    if (p.validfrom && p.validuntil && new Date(p.validuntil) <= new Date(p.validfrom))
      ctx.addIssue({ code: 'custom', path: ['validuntil'], message: 'must be after validfrom' });
  });
export type ImportPromoCode = z.infer<typeof importPromoCode>;

export const importStore = z
  .object({
    header: optionalNameText(200).default(''),
    landinghtml: html,
    footerhtml: html,
    buttons: z
      .object({
        event: button('Register for the Event'),
        auction: button('Go to the Auction'),
        donate: button('Donate'),
      })
      .strict()
      .prefault({}),
    /** Where the auction button goes; absent: the event's own auction. */
    auctionlink: siteHref.default(''),
    tabs: z.array(importStoreTab).min(1).max(4).default(defaultTabs),
    items: z.array(importStoreItem).max(500, 'at most 500 store items').default([]),
    promocodes: z.array(importPromoCode).max(500, 'at most 500 promo codes').default([]),
    /** How long a cart holds its units after its last change. */
    holdminutes: z
      .number()
      .int()
      .min(1, 'must be at least 1')
      .max(240, 'must be at most 240')
      .default(DEFAULT_HOLD_MINUTES),
    billme: z.boolean().default(false),
    /** The processing fee percent a buyer may cover; absent: the event's ccfeespercent. */
    ccfeespercent: z.number().min(0, 'cannot be negative').max(20, 'must be at most 20').optional(),
    allowpaymentoffees: z.boolean().default(true),
    requiredemail: z.boolean().default(true),
    requiredzip: z.boolean().default(true),
    /** Guest registration after a purchase with seats (docs/import.md, "Guest registration"). */
    registration: importRegistration.prefault({}),
  })
  .strict()
  .superRefine((store, ctx) => {
    const names = new Set<string>();
    store.tabs.forEach((t, i) => {
      if (names.has(t.tabname))
        ctx.addIssue({ code: 'custom', path: ['tabs', i, 'tabname'], message: 'is listed twice' });
      names.add(t.tabname);
    });
    const codes = new Map<string, number>();
    store.items.forEach((item, i) => {
      const key = item.code.toLowerCase();
      const first = codes.get(key);
      if (first !== undefined)
        ctx.addIssue({ code: 'custom', path: ['items', i, 'code'], message: `repeats the code of items[${first}]` });
      else codes.set(key, i);
    });
    const promos = new Set<string>();
    store.promocodes.forEach((p, i) => {
      const key = p.code.toLowerCase();
      if (promos.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['promocodes', i, 'code'],
          message: 'is listed twice (codes are case-insensitive)',
        });
      promos.add(key);
      p.items.forEach((code, j) => {
        if (!codes.has(code.toLowerCase()))
          ctx.addIssue({
            code: 'custom',
            path: ['promocodes', i, 'items', j],
            message: 'is not the code of a store item',
          });
      });
    });
  });
export type ImportStore = z.infer<typeof importStore>;
