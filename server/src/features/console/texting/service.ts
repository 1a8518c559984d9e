import { and, count, desc, eq } from 'drizzle-orm';
import {
  TEXT_STATUSES,
  type TextingResponse,
  type TextingSettingsRequest,
  type TextStatus,
  textingMessages,
} from '@gavel/domain';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { outbox, textOptouts, textSettings } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { StaffCaller } from '../../../lib/staff-caller';
import { accountChoice, textSettingsOf, type TextSettingsRow } from '../../../texts/accounts';
import { auditChanges, recordAudit, SECRET_SHOWN } from '../../../lib/audit';

/** Opted-out numbers the screen lists, latest first. */
export const OPTOUTS_SHOWN = 200;

const isTextStatus = (s: string): s is TextStatus => (TEXT_STATUSES as readonly string[]).includes(s);

/** The screen's answer: the settings (the token only as set or not), the account in use, the counts and the opt-outs. */
async function overview(ctx: AppContext, organizationId: number, row: TextSettingsRow | undefined) {
  const byStatus = await ctx.db
    .select({ status: outbox.status, n: count() })
    .from(outbox)
    .where(and(eq(outbox.organizationId, organizationId), eq(outbox.channel, 'text')))
    .groupBy(outbox.status);
  const counts = Object.fromEntries(TEXT_STATUSES.map((s) => [s, 0])) as Record<TextStatus, number>;
  for (const { status, n } of byStatus) if (isTextStatus(status)) counts[status] = n;
  const mine = eq(textOptouts.organizationId, organizationId);
  const [total] = await ctx.db.select({ n: count() }).from(textOptouts).where(mine);
  const numbers = await ctx.db
    .select()
    .from(textOptouts)
    .where(mine)
    .orderBy(desc(textOptouts.createdAt), desc(textOptouts.phone))
    .limit(OPTOUTS_SHOWN);
  return {
    status: 'success',
    settings: {
      accountsid: row?.accountsid ?? '',
      authtokenset: (row?.authtoken ?? '') !== '',
      fromnumber: row?.fromnumber ?? '',
      messagingservicesid: row?.messagingservicesid ?? '',
      helpcontact: row?.helpcontact ?? '',
    },
    inuse: accountChoice(row, ctx.config.twilio).source,
    counts,
    optouts: {
      count: total?.n ?? 0,
      numbers: numbers.map((o) => ({ phone: o.phone, word: o.word, created: o.createdAt.toISOString() })),
    },
  } satisfies TextingResponse;
}

export async function textingOverview(ctx: AppContext, caller: StaffCaller) {
  const id = caller.organization.id;
  return overview(ctx, id, await textSettingsOf(ctx.db, id));
}

/** What the audit log keeps of the settings: the token only as set or not (auditValue does not know this field). */
function audited(
  row: Pick<TextSettingsRow, 'accountsid' | 'authtoken' | 'fromnumber' | 'messagingservicesid' | 'helpcontact'>,
) {
  return {
    accountsid: row.accountsid,
    authtoken: row.authtoken === '' ? '' : SECRET_SHOWN,
    fromnumber: row.fromnumber,
    messagingservicesid: row.messagingservicesid,
    helpcontact: row.helpcontact,
  };
}

const EMPTY = { accountsid: '', authtoken: '', fromnumber: '', messagingservicesid: '', helpcontact: '' };

async function save(db: Db, caller: StaffCaller, body: TextingSettingsRequest, now: Date) {
  return db.transaction(async (tx) => {
    const organizationId = caller.organization.id;
    const [stored] = await tx
      .select()
      .from(textSettings)
      .where(eq(textSettings.organizationId, organizationId))
      .for('update');
    const before = stored ?? EMPTY;
    // The token is write-only: '' keeps the stored one, unless the account itself is cleared or changed.
    const sameAccount = body.accountsid !== '' && body.accountsid === before.accountsid;
    const authtoken = body.accountsid === '' ? '' : body.authtoken || (sameAccount ? before.authtoken : '');
    if (body.accountsid !== '' && authtoken === '')
      throw new AppError('bad_request', textingMessages.authtokenNeeded, [
        { path: 'authtoken', message: textingMessages.authtokenNeeded },
      ]);
    const next = { ...body, authtoken };
    const [row] = await tx
      .insert(textSettings)
      .values({ organizationId, ...next, updatedAt: now })
      .onConflictDoUpdate({ target: textSettings.organizationId, set: { ...next, updatedAt: now } })
      .returning();
    const changes = auditChanges(audited(before), audited(next));
    // A new token over an old one reads the same masked: say it was replaced.
    if (body.authtoken !== '' && before.authtoken !== '' && body.authtoken !== before.authtoken) {
      changes.before.authtoken = SECRET_SHOWN;
      changes.after.authtoken = `${SECRET_SHOWN} replaced`;
    }
    await recordAudit(tx, caller, {
      eventId: null,
      kind: 'texting.update',
      summary:
        body.accountsid === ''
          ? 'Cleared the organization’s own text provider account'
          : `Set the text provider account ${body.accountsid}`,
      before: changes.before,
      after: changes.after,
    });
    return row;
  });
}

export async function saveTexting(ctx: AppContext, caller: StaffCaller, body: TextingSettingsRequest) {
  const row = await save(ctx.db, caller, body, ctx.clock());
  return overview(ctx, caller.organization.id, row);
}
