import { isDeepStrictEqual } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { ConsoleEventDetail, EventSettingsFields, ImportEvent } from '@gavel/domain';
import { eventFlag, importEvent, isoInZone, PAYMENT_FIELDS, roleNeeded } from '@gavel/domain';
import type { AppContext } from '../../../context';
import { events } from '../../../db/schema';
import { AppError } from '../../../errors';
import { type StaffCaller, withEvent } from '../../../lib/staff-caller';
import { publishEventRefresh } from '../../../realtime/publish';
import { forgetTenants, type EventRow, type Tenant } from '../../../tenancy';
import { testGatewayRefusal } from '../../admin/import-service';
import { eventFields, eventValues } from '../../admin/import-values';
import { auditChanges, recordAudit } from '../../../lib/audit';
import { presentDetail } from './presenter';
import { countsOf } from './queries';
import { documentProblems, refused } from './problems';

/** The console call's event (the route's access named it in the path). */
export async function eventDetail(ctx: AppContext, event: EventRow): Promise<ConsoleEventDetail> {
  return presentDetail(event, await countsOf(ctx.db, event), ctx.clock());
}

// Deep and blind to key order: a jsonb column answers its keys in its own order.
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

/**
 * Writes an event's settings, already checked by the import's rules, through the import's mapping
 * (eventValues: HTML cleaned, images stored), with an audit entry of the fields that changed; a
 * save that changes nothing writes nothing. Phones and boards are told to refresh after the commit.
 */
async function writeSettings(
  ctx: AppContext,
  caller: StaffCaller,
  { tenant, settings, kind, what }: { tenant: Tenant; settings: ImportEvent; kind: string; what: string },
): Promise<ConsoleEventDetail> {
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(events).where(eq(events.id, tenant.event.id)).for('update');
    if (!before) throw new AppError('event_not_found', 'Event Not Found');
    const {
      eventcode: _code,
      organizationId: _org,
      ...values
    } = await eventValues(tx, before.organizationId, settings);
    const after: EventRow = { ...before, ...values };
    const changed = auditChanges(eventFields(before), eventFields(after));
    if (changed.keys.length === 0) return before;
    const [saved] = await tx
      .update(events)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(events.id, before.id))
      .returning();
    if (!saved) throw new Error('event update returned nothing');
    await recordAudit(tx, caller, {
      eventId: before.id,
      kind,
      summary: `${what} of ${saved.eventname}: ${changed.keys.join(', ')}`,
      before: changed.before,
      after: changed.after,
    });
    return saved;
  });
  forgetTenants(ctx.db);
  publishEventRefresh(ctx, { auctioncode: tenant.organization.auctioncode, eventcode: row.eventcode });
  return eventDetail(ctx, row);
}

/** The settings checked by the import's own rules (importEvent), refused with every problem at its field. */
function checkedSettings(fields: EventSettingsFields): ImportEvent {
  const parsed = importEvent.safeParse(fields, { reportInput: true });
  if (!parsed.success) throw refused(documentProblems(parsed.error));
  return parsed.data;
}

/**
 * Saves an event's settings (PUT): the import's `event` fields, a secret sent empty keeping the
 * saved one. The code stays (a copy gives another); payment fields change only by an owner; the
 * test gateway is refused where this server takes no test payments, as the import refuses it.
 */
export async function saveSettings(ctx: AppContext, caller: StaffCaller, body: EventSettingsFields) {
  const tenant = withEvent(caller).tenant;
  const saved = eventFields(tenant.event);
  if (body.eventcode !== saved.eventcode)
    throw refused([{ path: 'eventcode', message: 'cannot be changed here; copy the event to give it another code' }]);
  const wanted: EventSettingsFields = {
    ...body,
    processorsecretkey: body.processorsecretkey || saved.processorsecretkey,
    processorwebhooksecret: body.processorwebhooksecret || saved.processorwebhooksecret,
  };
  if (caller.staff.role !== 'owner' && PAYMENT_FIELDS.some((f) => !same(wanted[f], saved[f])))
    throw new AppError('forbidden', roleNeeded('owner'));
  const settings = checkedSettings(wanted);
  const gateway = testGatewayRefusal(settings.paymentprocessorcode, true, ctx.config);
  if (gateway) throw refused([{ path: 'paymentprocessorcode', message: gateway }]);
  return writeSettings(ctx, caller, { tenant, settings, kind: 'event.update', what: 'Changed the settings' });
}

/** Opens bidding now (POST open-bidding), and the event with it if it has not opened yet. */
export async function openBiddingNow(ctx: AppContext, caller: StaffCaller): Promise<ConsoleEventDetail> {
  const tenant = withEvent(caller).tenant;
  const { event } = tenant;
  const now = ctx.clock();
  const flag = eventFlag(event, now);
  if (flag === 'biddingopen') throw new AppError('conflict', 'Bidding is already open.');
  if (flag === 'biddingclosed' || flag === 'eventclosed')
    throw new AppError(
      'conflict',
      'Bidding has closed for this event. To open it again, change its times in the event settings.',
    );
  const at = isoInZone(now, event.timezone);
  const fields = eventFields(event);
  const settings = checkedSettings({
    ...fields,
    biddingopens: at,
    eventopens: event.eventopens <= now ? fields.eventopens : at,
  });
  return writeSettings(ctx, caller, { tenant, settings, kind: 'event.openbidding', what: 'Opened bidding' });
}

/** Archives an event (it leaves the console's current events; bidders are unaffected) or brings it back. */
export async function archiveEvent(ctx: AppContext, caller: StaffCaller, archived: boolean): Promise<EventRow> {
  const { event } = withEvent(caller).tenant;
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(events).where(eq(events.id, event.id)).for('update');
    if (!before) throw new AppError('event_not_found', 'Event Not Found');
    if ((before.archivedAt !== null) === archived) return before;
    const [saved] = await tx
      .update(events)
      .set({ archivedAt: archived ? ctx.clock() : null })
      .where(eq(events.id, before.id))
      .returning();
    if (!saved) throw new Error('event update returned nothing');
    await recordAudit(tx, caller, {
      eventId: before.id,
      kind: archived ? 'event.archive' : 'event.unarchive',
      summary: `${archived ? 'Archived' : 'Brought back'} ${saved.eventname} (${saved.eventcode})`,
      before: { archived: !archived },
      after: { archived },
    });
    return saved;
  });
  return row;
}
