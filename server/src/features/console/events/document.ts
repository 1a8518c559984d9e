import type { EventSettingsFields, ImportItem, ImportStore } from '@gavel/domain';
import type { Db, Tx } from '../../../db/client';
import type { OrganizationRow, Tenant } from '../../../tenancy';
import { eventFields, itemFields } from '../../admin/import-values';
import { storeDocument } from '../store/document';
import { itemsWithPhotos } from './queries';

/** An event as the import document holds it: what the JSON import would write again. */
export interface EventDocument {
  organization: { auctioncode: string; name: string };
  event: EventSettingsFields;
  items: ImportItem[];
  store: ImportStore;
}

/**
 * An event, its items (photos as their stored paths) and its store as the import document. The
 * export leaves the secret keys empty (`secrets: 'left out'`); a copy within the organization
 * keeps them (`'kept'`), and never leaves this server with them.
 */
export async function documentOfEvent(
  db: Db | Tx,
  { organization, event }: Pick<Tenant, 'event'> & { organization: Pick<OrganizationRow, 'auctioncode' | 'name'> },
  secrets: 'kept' | 'left out',
): Promise<EventDocument> {
  const fields = eventFields(event);
  const items = await itemsWithPhotos(db, event.id);
  return {
    organization: { auctioncode: organization.auctioncode, name: organization.name },
    event: secrets === 'kept' ? fields : { ...fields, processorsecretkey: '', processorwebhooksecret: '' },
    items: items.map(({ item, photos }) => itemFields(item, photos, event.timezone)),
    store: await storeDocument(db, event),
  };
}
