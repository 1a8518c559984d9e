import type { ImportDocumentInput } from '@gavel/domain';
import type { Motif } from './images';

/** The demo's items, as rows of what differs between them; demo-items.ts makes them import items. */

export type DemoItem = NonNullable<ImportDocumentInput['items']>[number];

export const HALL = 'Silent Auction Hall';
export const STAGE = 'Main Stage';
export const ONLINE = 'Online';

export interface Row {
  num: string;
  name: string;
  motif: Motif;
  text: string;
  by: string;
  fmv: number;
  where: string;
  tags: string[];
  extra?: Partial<DemoItem>;
  photos?: number;
}
