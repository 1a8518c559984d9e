import { eq, inArray } from 'drizzle-orm';
import type { TextingSource } from '@gavel/domain';
import type { TwilioAccount } from '../config';
import type { Db, Tx } from '../db/client';
import { textSettings } from '../db/schema';

export type TextSettingsRow = typeof textSettings.$inferSelect;

/** The account that sends an organization's texts, and where it comes from. */
export type AccountChoice =
  { source: Exclude<TextingSource, 'none'>; account: TwilioAccount } | { source: 'none'; account: undefined };

/** Whether an organization's row names a whole account: its SID, its token and a sender. */
function complete(row: TextSettingsRow): boolean {
  return row.accountsid !== '' && row.authtoken !== '' && (row.fromnumber !== '' || row.messagingservicesid !== '');
}

/**
 * The organization's own account wins over the server's environment; without either, texts are
 * never sent (they stay readable in the development mailbox, marked 'dev').
 */
export function accountChoice(row: TextSettingsRow | undefined, server: TwilioAccount | undefined): AccountChoice {
  if (row && complete(row))
    return {
      source: 'organization',
      account: {
        accountsid: row.accountsid,
        authtoken: row.authtoken,
        fromnumber: row.fromnumber,
        messagingservicesid: row.messagingservicesid,
      },
    };
  if (server) return { source: 'environment', account: server };
  return { source: 'none', account: undefined };
}

export async function textSettingsOf(db: Db | Tx, organizationId: number): Promise<TextSettingsRow | undefined> {
  const [row] = await db.select().from(textSettings).where(eq(textSettings.organizationId, organizationId));
  return row;
}

/** Each organization's choice, for a batch of texts of several organizations. */
export async function accountChoices(
  db: Db | Tx,
  organizationIds: number[],
  server: TwilioAccount | undefined,
): Promise<Map<number, AccountChoice>> {
  const ids = [...new Set(organizationIds)];
  const rows = ids.length ? await db.select().from(textSettings).where(inArray(textSettings.organizationId, ids)) : [];
  return new Map(
    ids.map((id) => [
      id,
      accountChoice(
        rows.find((r) => r.organizationId === id),
        server,
      ),
    ]),
  );
}
