import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { E164 } from '@gavel/domain';
import type { AppContext } from '../context';
import { events, organizations, outbox } from '../db/schema';
import { AppError } from '../errors';
import { route } from '../lib/route';
import { accountChoice, textSettingsOf, type TextSettingsRow } from './accounts';
import { keywordOf, optIn, optOut } from './optouts';
import { twimlReply, validTwilioSignature } from './twilio';

type OrganizationRow = typeof organizations.$inferSelect;

const notSigned = () => new AppError('forbidden', 'This request is not signed by the organization’s text provider.');

/**
 * The provider's statuses as ours: 'sent' is where a text stands once the provider took it; a
 * final status (delivered, failed, undelivered) is never changed again, so callbacks arriving out of
 * order cannot undo one. Statuses before 'sent' (queued, accepted, sending) change nothing.
 */
const STATUS_OF: Record<string, string> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
};
const CHANGEABLE = ['sending', 'sent'];

/**
 * A webhook's organization (the host's auctioncode) and its settings, once the request is signed
 * by the organization's account with the URL as the provider called it (the organization's public
 * address and the path: links and callbacks come from configuration, never from the Host header).
 */
async function signedBy(
  ctx: AppContext,
  request: FastifyRequest,
  auctioncode: string,
  body: Record<string, string>,
): Promise<{ organization: OrganizationRow; settings: TextSettingsRow | undefined }> {
  const [organization] = await ctx.db.select().from(organizations).where(eq(organizations.auctioncode, auctioncode));
  if (!organization) throw notSigned();
  const settings = await textSettingsOf(ctx.db, organization.id);
  const { account } = accountChoice(settings, ctx.config.twilio);
  const header = request.headers['x-twilio-signature'];
  const signature = (Array.isArray(header) ? header[0] : header) ?? '';
  const url = ctx.site.originOf(auctioncode) + request.url;
  if (!account || !(await validTwilioSignature({ authtoken: account.authtoken, signature, url, params: body })))
    throw notSigned();
  return { organization, settings };
}

/** What HELP answers: who is texting, and how to reach them (the help contact, else the latest event's phone or email). */
async function helpText(ctx: AppContext, organization: OrganizationRow, settings: TextSettingsRow | undefined) {
  let contact = settings?.helpcontact ?? '';
  if (!contact) {
    const [event] = await ctx.db
      .select({ phone: events.organizationphone, email: events.organizationemail })
      .from(events)
      .where(and(eq(events.organizationId, organization.id), isNull(events.archivedAt)))
      .orderBy(desc(events.id))
      .limit(1);
    contact = event?.phone || event?.email || '';
  }
  const reach = contact ? ` For help, contact ${contact}.` : '';
  return `${organization.name}: auction texts.${reach} Reply STOP to unsubscribe.`;
}

/** Twilio's webhooks (tag `webhooks`): form-encoded, as Twilio sends them; only this plugin parses that. */
export function twilioWebhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    route(app, ctx, 'POST /webhooks/twilio/status', async ({ body, caller, request }) => {
      const { organization } = await signedBy(ctx, request, caller.auctioncode, body);
      const status = STATUS_OF[body.MessageStatus ?? ''];
      const sid = body.MessageSid ?? '';
      if (!status || !sid) return { received: true };
      const error = body.ErrorCode ? `Twilio error ${body.ErrorCode}` : undefined;
      await ctx.db
        .update(outbox)
        .set({ status, statusAt: ctx.clock(), ...(error ? { lastError: error } : {}) })
        .where(
          and(
            eq(outbox.organizationId, organization.id),
            eq(outbox.providerId, sid),
            eq(outbox.channel, 'text'),
            inArray(outbox.status, CHANGEABLE),
          ),
        );
      return { received: true };
    });

    route(app, ctx, 'POST /webhooks/twilio/inbound', async ({ body, caller, request, reply }) => {
      const { organization, settings } = await signedBy(ctx, request, caller.auctioncode, body);
      const from = body.From ?? '';
      const keyword = keywordOf(body.Body ?? '');
      const twiml = async (message?: string) => reply.type('text/xml').send(await twimlReply(message));
      if (!keyword || !E164.test(from)) return twiml();
      if (keyword.kind === 'stop') await optOut(ctx.db, organization.id, from, keyword.word);
      if (keyword.kind === 'start') await optIn(ctx.db, organization.id, from);
      // The provider confirms STOP and START itself (its standard replies); HELP is ours to answer.
      return twiml(keyword.kind === 'help' ? await helpText(ctx, organization, settings) : undefined);
    });
  };
}
