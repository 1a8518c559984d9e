import { z } from 'zod';
import { importStore } from '../import/store';
import { codeSchema } from './common';

/**
 * The console's store settings: the import document's `store` object itself (tabs, items, promo
 * codes, guest registration and checkout settings, money in dollars), so the console and the JSON
 * import keep one set of rules, plus what the screen must know to warn before a change is refused:
 * what each store item has sold, which promo codes orders have used, which guest fields guests have
 * answered.
 */

export const consoleStoreParams = z.object({ eventcode: codeSchema });

/** The whole store, as the import document's `store`, and the console's form of it. */
export * from '../console/store-form';

/** A store item's sales, by its code: units sold (paid, free and Bill Me) and held by live carts now. */
export const storeItemUse = z.object({
  code: z.string(),
  sold: z.number().int(),
  held: z.number().int(),
  /** In an order or a cart: it cannot be left out of the store, only set to quantity 0. */
  inuse: z.boolean(),
});
export type StoreItemUse = z.infer<typeof storeItemUse>;

/** A promo code's uses: orders that took it (paid, Bill Me or being charged). A used code cannot be left out. */
export const promoCodeUse = z.object({ code: z.string(), uses: z.number().int() });
export type PromoCodeUse = z.infer<typeof promoCodeUse>;

/** A guest field guests have answered keeps its control. */
export const guestFieldUse = z.object({ code: z.string(), answered: z.boolean() });
export type GuestFieldUse = z.infer<typeof guestFieldUse>;

export const consoleStoreResponse = z.object({
  status: z.literal('success'),
  /** The event's IANA zone: the store's times are entered and shown in it. */
  timezone: z.string(),
  store: importStore,
  use: z.object({
    items: z.array(storeItemUse),
    promocodes: z.array(promoCodeUse),
    fields: z.array(guestFieldUse),
  }),
});
export type ConsoleStoreResponse = z.infer<typeof consoleStoreResponse>;

/** The refusal of a store item left out while orders or carts hold it (at `store.items`). */
export const storeLeftOutMessages = {
  item: (name: string, code: string) =>
    `cannot leave out ${name} (${code}): orders or carts hold it; set its quantity to 0 to stop selling it`,
  promo: (code: string, uses: number) =>
    `cannot leave out ${code}: ${uses} order${uses === 1 ? ' has' : 's have'} used it; set validuntil to end it`,
};
