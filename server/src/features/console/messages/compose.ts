import {
  leftOutWords,
  type LeftOut,
  MESSAGE_LEFT_OUT,
  type MessagePreview,
  type MessageRequestValues,
  type MessageSent,
  messageWords,
  sendsEmail,
  sendsText,
} from '@gavel/domain';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { consoleMessages, outbox } from '../../../db/schema';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { mailRow, type OutboxRow, textRow } from '../../../mail/outbox';
import type { Tenant } from '../../../tenancy';
import { recordAudit } from '../../../lib/audit';
import { payLinkUrl } from '../chargeall/paylinks';
import { balancesOf } from '../../../money/ledger';
import { audienceOf, type Member } from './audience';
import { chunks } from '../../../lib/batches';
import { existingPickupCodes, pickupCodesFor } from '../../../lib/pickup-codes';
import { keptKey, sentUnderKey } from '../keyed-send';
import { makePayLinks } from './links';
import { type Extras, mergeValuesOf, messageMail, messageText, type Needs, needsOf } from './render';

/** Who of an audience gets what on the message's channel, and who is left out of a channel and why. */
interface Reach {
  members: Member[];
  /** People who get at least one message, with the channels they get. */
  reached: Array<{ member: Member; email: boolean; text: boolean }>;
  leftout: Map<LeftOut, number>;
}

function reachOf(members: Member[], channel: MessageRequestValues['channel']): Reach {
  const leftout = new Map<LeftOut, number>();
  const leave = (why: LeftOut) => leftout.set(why, (leftout.get(why) ?? 0) + 1);
  const reached: Reach['reached'] = [];
  for (const member of members) {
    const email = sendsEmail(channel) && member.email !== '';
    const text = sendsText(channel) && member.phone !== '';
    if (sendsEmail(channel) && !email) leave('noemail');
    if (sendsText(channel) && !text && member.noText) leave(member.noText);
    if (email || text) reached.push({ member, email, text });
  }
  return { members, reached, leftout };
}

const queuedOf = (reach: Reach) => reach.reached.reduce((n, r) => n + Number(r.email) + Number(r.text), 0);

const bidderIdsOf = (reached: Reach['reached'], only: (m: Member) => boolean = () => true) =>
  reached.flatMap(({ member }) => (member.bidder && only(member) ? [member.bidder.bidderId] : []));

/** Where the event's links point (ctx.site, never the request), and the tenant. */
const placeOf = (ctx: AppContext, tenant: Tenant) => ({
  tenant,
  origin: ctx.site.originOf(tenant.organization.auctioncode),
});

/**
 * POST messages with preview: the audience now, the counts, who is left out and why, and the
 * message as its first recipient would get it. Nothing is written: a pay link stands for the one
 * made on sending, and a pickup code not made yet is said to be made then.
 */
export async function previewMessage(
  ctx: AppContext,
  caller: StaffEventCaller,
  body: MessageRequestValues,
): Promise<MessagePreview> {
  const { tenant } = caller;
  const reach = reachOf(await audienceOf(ctx.db, tenant, body.audience), body.channel);
  const queued = queuedOf(reach);
  const first = reach.reached[0];
  return {
    status: 'success',
    message: reach.reached.length === 0 ? messageWords.nobody : messageWords.preview(reach.reached.length, queued),
    preview: true,
    recipients: reach.reached.length,
    queued,
    emails: reach.reached.filter((r) => r.email).length,
    texts: reach.reached.filter((r) => r.text).length,
    leftout: MESSAGE_LEFT_OUT.flatMap((why) => {
      const count = reach.leftout.get(why) ?? 0;
      return count > 0 ? [{ why, count, words: leftOutWords(why, count) }] : [];
    }),
    example: first ? await exampleOf(ctx, tenant, body, first) : null,
  };
}

async function exampleOf(
  ctx: AppContext,
  tenant: Tenant,
  body: MessageRequestValues,
  { member, email, text }: Reach['reached'][number],
): Promise<NonNullable<MessagePreview['example']>> {
  const place = placeOf(ctx, tenant);
  const needs = needsOf([body.subject, body.body]);
  const ids = member.bidder ? [member.bidder.bidderId] : [];
  const codes = needs.pickup ? await existingPickupCodes(ctx.db, ids) : new Map<number, string>();
  const extras: Extras = {
    balances: needs.balance ? await balancesOf(ctx.db, tenant.event, ids) : new Map(),
    payLinks: new Map(ids.map((id) => [id, payLinkUrl(place.origin, tenant, '…')])),
    pickupCodes: new Map(ids.map((id) => [id, codes.get(id) ?? '(made when sent)'])),
  };
  const values = mergeValuesOf(place, member, extras);
  const mail = messageMail(tenant, body, values);
  return {
    name: member.name,
    email: email ? member.email : '',
    phone: text ? member.phone : '',
    subject: email ? mail.subject : '',
    emailtext: email ? mail.text : '',
    text: text ? messageText(tenant, body.body, values) : '',
  };
}

/** The balances, pay links and pickup codes the message names, read or made for all its bidders at once. */
async function extrasFor(
  tx: Tx,
  { ctx, tenant, reach, needs }: { ctx: AppContext; tenant: Tenant; reach: Reach; needs: Needs },
): Promise<Extras> {
  const bidders = reach.reached.flatMap(({ member }) => (member.bidder ? [member.bidder] : []));
  const ids = bidders.map((b) => b.bidderId);
  const origin = ctx.site.originOf(tenant.organization.auctioncode);
  return {
    balances: needs.balance && ids.length > 0 ? await balancesOf(tx, tenant.event, ids) : new Map(),
    payLinks: needs.paylink ? await makePayLinks(tx, { tenant, origin, now: ctx.clock() }, bidders) : new Map(),
    pickupCodes: needs.pickup
      ? await pickupCodesFor(
          tx,
          tenant.event.id,
          bidderIdsOf(reach.reached, (m) => m.bidder?.won === true),
        )
      : new Map(),
  };
}

/** The audit kind of a message sent; its entry also keeps the Idempotency-Key it was sent under. */
const SENT_AUDIT_KIND = 'message.send';

/** What a sent message's audit entry says of it, to answer a retry under its key. */
const sentEntry = z.object({ messageid: z.number().int(), recipients: z.number().int(), queued: z.number().int() });

function answerOf(sent: z.infer<typeof sentEntry>): MessageSent {
  return {
    status: 'success',
    message: messageWords.sent(sent.recipients, sent.queued),
    preview: false,
    messageid: sent.messageid,
    recipients: sent.recipients,
    queued: sent.queued,
  };
}

/**
 * POST messages: the message row, one outbox row per recipient and channel (pointing back at it),
 * the pay links and pickup codes it names, and the audit entry, in one transaction, each kind
 * inserted in batches. The outbox delivers them afterwards (mail job; texts through the provider).
 * Under an Idempotency-Key it is sent once: a retry (a lost answer, a second press) is answered
 * with the message the key sent (keyed.ts).
 */
export async function sendMessage(
  ctx: AppContext,
  caller: StaffEventCaller,
  body: MessageRequestValues,
  key: string | undefined,
): Promise<MessageSent> {
  const { tenant } = caller;
  const { event, organization } = tenant;
  return ctx.db.transaction(async (tx) => {
    const earlier = key ? await sentUnderKey(tx, { eventId: event.id, kind: SENT_AUDIT_KIND, key, body }) : undefined;
    if (earlier) return answerOf(sentEntry.parse(earlier));
    const reach = reachOf(await audienceOf(tx, tenant, body.audience), body.channel);
    // What the history keeps of it, and the audit entry's after.
    const kept = {
      audience: body.audience,
      channel: body.channel,
      template: body.template,
      subject: sendsEmail(body.channel) ? body.subject : '',
      body: body.body,
      recipients: reach.reached.length,
      queued: queuedOf(reach),
    };
    const [row] = await tx
      .insert(consoleMessages)
      .values({
        ...kept,
        organizationId: organization.id,
        eventId: event.id,
        staffId: caller.staff.id,
        createdAt: ctx.clock(),
      })
      .returning({ id: consoleMessages.id });
    if (!row) throw new Error('console_messages insert returned nothing');
    const needs = needsOf([body.subject, body.body]);
    const extras = await extrasFor(tx, { ctx, tenant, reach, needs });
    const place = placeOf(ctx, tenant);
    const recipient = { organizationId: organization.id, eventId: event.id };
    const rows: OutboxRow[] = reach.reached.flatMap(({ member, email, text }) => {
      const values = mergeValuesOf(place, member, extras);
      return [
        ...(email ? [mailRow({ ...recipient, to: member.email }, messageMail(tenant, body, values))] : []),
        ...(text ? [textRow({ ...recipient, to: member.phone }, messageText(tenant, body.body, values))] : []),
      ].map((r) => ({ ...r, messageId: row.id }));
    });
    for (const part of chunks(rows)) await tx.insert(outbox).values(part);
    await recordAudit(tx, caller, {
      eventId: event.id,
      kind: SENT_AUDIT_KIND,
      summary: messageWords.audited(body.audience, body.channel, kept.recipients, kept.queued),
      after: { messageid: row.id, ...kept, ...keptKey(key, body) },
    });
    return answerOf({ messageid: row.id, recipients: kept.recipients, queued: kept.queued });
  });
}
