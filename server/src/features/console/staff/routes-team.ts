import type { FastifyPluginAsync } from 'fastify';
import { roleNames } from '@gavel/domain';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/route';
import { readAuditLog } from './audit-log';
import { createOrganization } from './organizations';
import { memberName } from './presenter';
import { changeRole, inviteStaff, listStaff, removeStaff } from './team';

/** The organization's staff, who is signed in, the audit log, and the operator's new organization. */
export function consoleTeamRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /console/me', async ({ caller }) => ({
      status: 'success',
      staff: {
        staffid: caller.staff.id,
        email: caller.staff.email,
        name: caller.staff.name,
        role: caller.staff.role,
      },
      organization: { auctioncode: caller.organization.auctioncode, name: caller.organization.name },
    }));

    route(app, ctx, 'GET /console/staff', async ({ caller }) => ({
      status: 'success',
      staff: await listStaff(ctx.db, caller.organization.id),
    }));

    route(app, ctx, 'POST /console/staff', async ({ caller, body }) => {
      const member = await inviteStaff(ctx.db, caller, {
        ...body,
        now: ctx.clock(),
        origin: ctx.site.originOf(caller.auctioncode),
      });
      return { status: 'success', message: `We sent an invitation to ${member.email}.`, staff: member };
    });

    route(app, ctx, 'PUT /console/staff/:staffid', async ({ caller, params, body }) => {
      const { member, changed } = await changeRole(ctx.db, caller, { staffId: params.staffid, role: body.role });
      const who = memberName(member);
      return {
        status: 'success',
        message: changed
          ? `${who} is now ${roleNames[member.role].toLowerCase()}.`
          : `${who} is already ${roleNames[member.role].toLowerCase()}.`,
        staff: member,
      };
    });

    route(app, ctx, 'DELETE /console/staff/:staffid', async ({ caller, params }) => {
      const removed = await removeStaff(ctx.db, caller, params.staffid, ctx.clock());
      return { status: 'success', message: `${memberName(removed)} was removed from the staff.` };
    });

    route(app, ctx, 'GET /console/audit', async ({ caller, query }) => ({
      status: 'success',
      ...(await readAuditLog(ctx.db, {
        organizationId: caller.organization.id,
        eventId: caller.tenant?.event.id,
        staffId: query.staffid,
        kind: query.kind,
        before: query.before,
      })),
    }));

    route(app, ctx, 'POST /admin/organizations', async ({ body, request }) => {
      const { expires } = await createOrganization(ctx.db, {
        ...body,
        now: ctx.clock(),
        origin: ctx.site.originOf(body.auctioncode),
      });
      request.log.info({ auctioncode: body.auctioncode }, 'organization created');
      return {
        status: 'success',
        message: `Created ${body.name}. We sent ${body.owneremail} an invitation to set up the console.`,
        auctioncode: body.auctioncode,
        invitation: { email: body.owneremail, expires: expires.toISOString() },
      };
    });
  };
}
