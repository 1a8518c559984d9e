import { get, type UseFormReturn } from 'react-hook-form';
import type { ConsoleStoreRequest, ConsoleStoreResponse, StoreSettingsValues } from '@gavel/domain';

/** The store settings form: the store as typed, checked into the import document's `store`. */
export type StoreForm = UseFormReturn<StoreSettingsValues, unknown, ConsoleStoreRequest>;

/** What the last answer said of the store's use, by code (lowercased): what a row may not lose. */
export interface StoreUse {
  items: Map<string, ConsoleStoreResponse['use']['items'][number]>;
  promocodes: Map<string, number>;
  answered: Set<string>;
}

export function storeUseOf(answer: ConsoleStoreResponse): StoreUse {
  return {
    items: new Map(answer.use.items.map((i) => [i.code.toLowerCase(), i])),
    promocodes: new Map(answer.use.promocodes.map((p) => [p.code.toLowerCase(), p.uses])),
    answered: new Set(answer.use.fields.filter((f) => f.answered).map((f) => f.code.toLowerCase())),
  };
}

/** The message the form holds at a name (a field's, or a list's own), or ''. */
export function messageAt(form: StoreForm, name: string): string {
  const found: unknown = get(form.formState.errors, name);
  if (typeof found !== 'object' || found === null) return '';
  const own = (found as { message?: unknown }).message;
  if (typeof own === 'string') return own;
  // A list's own problem (an item the server keeps) sits under `root` once its rows have problems too.
  const root = (found as { root?: { message?: unknown } }).root?.message;
  return typeof root === 'string' ? root : '';
}
