import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { route, sendCsv } from '../../../lib/route';
import { withEvent } from '../../../lib/staff-caller';
import type { Tenant } from '../../../tenancy';
import { itemsCsv, itemsReport } from './items';
import { bidsCsv, bidsOverTime, pickupsCsv, pickupsReport, unpaidCsv, unpaidReport } from './lists';
import { paymentsCsv, paymentsReport } from './payments';
import { summaryCsv, summaryReport } from './summary';

/** A report's file name: the event and the report, such as gala-payments.csv. */
const fileOf = (tenant: Tenant, report: string) => `${tenant.event.eventcode}-${report}.csv`;

/** The console's reports (after the night): each JSON, or `?format=csv` for a spreadsheet. */
export function consoleReportsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /console/events/:eventcode/reports/summary', async ({ caller, query, reply }) => {
      const { tenant } = withEvent(caller);
      const report = await summaryReport(ctx.db, tenant);
      return query.format === 'csv' ? sendCsv(reply, fileOf(tenant, 'summary'), summaryCsv(report)) : report;
    });

    route(app, ctx, 'GET /console/events/:eventcode/reports/items', async ({ caller, query, reply }) => {
      const { tenant } = withEvent(caller);
      const report = await itemsReport(ctx.db, tenant, query);
      return query.format === 'csv' ? sendCsv(reply, fileOf(tenant, 'items'), itemsCsv(report)) : report;
    });

    route(app, ctx, 'GET /console/events/:eventcode/reports/unpaid', async ({ caller, query, reply }) => {
      const { tenant } = withEvent(caller);
      const report = await unpaidReport(ctx.db, tenant);
      return query.format === 'csv' ? sendCsv(reply, fileOf(tenant, 'unpaid'), unpaidCsv(report)) : report;
    });

    route(app, ctx, 'GET /console/events/:eventcode/reports/payments', async ({ caller, query, reply }) => {
      const { tenant } = withEvent(caller);
      const report = await paymentsReport(ctx.db, tenant);
      return query.format === 'csv' ? sendCsv(reply, fileOf(tenant, 'payments'), paymentsCsv(report)) : report;
    });

    route(app, ctx, 'GET /console/events/:eventcode/reports/pickups', async ({ caller, query, reply }) => {
      const { tenant } = withEvent(caller);
      const report = await pickupsReport(ctx.db, tenant, query);
      return query.format === 'csv' ? sendCsv(reply, fileOf(tenant, 'pickups'), pickupsCsv(report)) : report;
    });

    route(app, ctx, 'GET /console/events/:eventcode/reports/bids-over-time', async ({ caller, query, reply }) => {
      const { tenant } = withEvent(caller);
      const report = await bidsOverTime(ctx.db, tenant);
      return query.format === 'csv' ? sendCsv(reply, fileOf(tenant, 'bids-over-time'), bidsCsv(report)) : report;
    });
  };
}
