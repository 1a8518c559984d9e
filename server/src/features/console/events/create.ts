import { and, eq } from 'drizzle-orm';
import type { ConsoleEventSummary, CreateEventRequest, ImportDocument, ImportDocumentInput } from '@gavel/domain';
import { importDocument, PROCESSOR_NONE, PROCESSOR_TEST } from '@gavel/domain';
import type { AppContext } from '../../../context';
import { events, organizations } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { StaffCaller } from '../../../lib/staff-caller';
import { findTenant, forgetTenants, type Tenant } from '../../../tenancy';
import { testGatewayRefusal, writeEventDocument } from '../../admin/import-service';
import { recordAudit } from '../../../lib/audit';
import { copiedDocument } from './copy';
import { documentOfEvent } from './document';
import { presentSummary } from './presenter';
import { documentProblems, refused } from './problems';

/**
 * A new event of the organization: its code, name, zone and times, everything else the import's
 * defaults. The card processor defaults to the test gateway only where this server takes test
 * payments; elsewhere to none, until an owner names Stripe in the settings.
 */
function newDocument(caller: StaffCaller, body: CreateEventRequest, testPayments: boolean): ImportDocumentInput {
  const { copyfrom: _, ...event } = body;
  return {
    organization: { auctioncode: caller.organization.auctioncode, name: caller.organization.name },
    event: { ...event, paymentprocessorcode: testPayments ? PROCESSOR_TEST : PROCESSOR_NONE },
  };
}

async function sourceOf(ctx: AppContext, caller: StaffCaller, code: string): Promise<Tenant> {
  try {
    return await findTenant(ctx.db, caller.auctioncode, code);
  } catch {
    throw refused([{ path: 'copyfrom', message: 'is not the code of an event of this organization' }]);
  }
}

/** The document checked by the import's own rules, with the import's test-gateway policy. */
function checked(ctx: AppContext, input: ImportDocumentInput): ImportDocument {
  const parsed = importDocument.safeParse(input, { reportInput: true });
  if (!parsed.success) throw refused(documentProblems(parsed.error));
  const gateway = testGatewayRefusal(parsed.data.event.paymentprocessorcode, true, ctx.config);
  if (gateway) throw refused([{ path: 'paymentprocessorcode', message: gateway }]);
  return parsed.data;
}

/**
 * Creates an event, new or copied from another of the organization, through the import's own
 * writer (one set of rules), with its audit entry, in one transaction. A code the organization
 * already uses is refused (409): creating never changes another event.
 */
export async function createEvent(
  ctx: AppContext,
  caller: StaffCaller,
  body: CreateEventRequest,
): Promise<{ message: string; event: ConsoleEventSummary }> {
  const source = body.copyfrom ? await sourceOf(ctx, caller, body.copyfrom) : null;
  const doc = checked(
    ctx,
    source
      ? copiedDocument(await documentOfEvent(ctx.db, source, 'kept'), body)
      : newDocument(caller, body, ctx.config.testPaymentsAllowed),
  );
  const organizationId = caller.organization.id;
  const { row, written } = await ctx.db.transaction(async (tx) => {
    // Two creations of one code wait for each other here; the second then finds the code taken.
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('no key update');
    const [taken] = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.organizationId, organizationId), eq(events.eventcode, doc.event.eventcode)));
    if (taken)
      throw new AppError(
        'conflict',
        `Another event of this organization already has the code ${doc.event.eventcode}. Please choose another code.`,
      );
    const written = await writeEventDocument(tx, organizationId, doc);
    const after = {
      eventcode: doc.event.eventcode,
      eventname: doc.event.eventname,
      timezone: doc.event.timezone,
      eventopens: doc.event.eventopens,
      eventcloses: doc.event.eventcloses,
      biddingopens: doc.event.biddingopens,
      biddingcloses: doc.event.biddingcloses,
    };
    await recordAudit(
      tx,
      caller,
      source
        ? {
            eventId: written.eventId,
            kind: 'event.copy',
            summary: `Copied ${source.event.eventname} (${source.event.eventcode}) to ${doc.event.eventname} (${doc.event.eventcode}): ${written.itemscreated} item(s), ${written.storeitems} store item(s)`,
            after: {
              ...after,
              copyfrom: source.event.eventcode,
              items: written.itemscreated,
              storeitems: written.storeitems,
            },
          }
        : {
            eventId: written.eventId,
            kind: 'event.create',
            summary: `Created ${doc.event.eventname} (${doc.event.eventcode})`,
            after,
          },
    );
    const [created] = await tx.select().from(events).where(eq(events.id, written.eventId));
    if (!created) throw new Error('created event not found');
    return { row: created, written };
  });
  forgetTenants(ctx.db);
  const message = source
    ? `Copied ${source.event.eventname} to ${row.eventname}, with ${written.itemscreated} item(s) and ${written.storeitems} store item(s).`
    : `Created ${row.eventname}.`;
  return { message, event: presentSummary(row, { items: written.itemscreated, bidders: 0 }, ctx.clock()) };
}
