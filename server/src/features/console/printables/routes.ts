import { idempotencyKey } from '../../../lib/idempotent';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../../context';
import { pdfHeaders } from '../../../lib/pdf';
import { route } from '../../../lib/route';
import { withEvent } from '../../../lib/staff-caller';
import { badgesPdf } from './badges';
import { bidSheetsPdf } from './sheets';
import { allStatementsPdf, emailStatements, type PdfFile, receiptPdf, statementPdf } from './statements';
import { tableCardsPdf } from './table-cards';

/** A PDF answered as a file to save (code-style 18: the handler sends it and returns the reply). */
const sendPdf = (reply: FastifyReply, { filename, pdf }: PdfFile) => reply.headers(pdfHeaders(filename)).send(pdf);

/** The console's printables calls (issue 30): bid sheets, badges, table cards, receipts and statements as PDFs. */
export function consolePrintablesRoutes(ctx: AppContext): FastifyPluginAsync {
  const originOf = (tenant: { organization: { auctioncode: string } }) =>
    ctx.site.originOf(tenant.organization.auctioncode);
  return async (app) => {
    route(app, ctx, 'GET /console/events/:eventcode/printables/bid-sheets.pdf', async ({ caller, query, reply }) => {
      const { tenant } = withEvent(caller);
      const location = query.location ?? '';
      const pdf = await bidSheetsPdf(ctx.db, { tenant, origin: originOf(tenant), location });
      return sendPdf(reply, {
        filename: `bid-sheets-${tenant.event.eventcode}${location ? `-${location}` : ''}.pdf`,
        pdf,
      });
    });

    route(app, ctx, 'GET /console/events/:eventcode/printables/badges.pdf', async ({ caller, reply }) => {
      const event = withEvent(caller);
      const pdf = await badgesPdf(ctx, event);
      return sendPdf(reply, { filename: `badges-${event.tenant.event.eventcode}.pdf`, pdf });
    });

    route(app, ctx, 'GET /console/events/:eventcode/printables/table-cards.pdf', async ({ caller, reply }) => {
      const { tenant } = withEvent(caller);
      const pdf = await tableCardsPdf({ tenant, origin: originOf(tenant) });
      return sendPdf(reply, { filename: `table-cards-${tenant.event.eventcode}.pdf`, pdf });
    });

    route(app, ctx, 'GET /console/events/:eventcode/printables/statements.pdf', async ({ caller, query, reply }) =>
      sendPdf(reply, await allStatementsPdf(ctx, withEvent(caller).tenant, query.scope)),
    );

    route(app, ctx, 'POST /console/events/:eventcode/printables/statements/email', ({ body, caller, request }) =>
      emailStatements(ctx, withEvent(caller), body, idempotencyKey(request)),
    );

    route(app, ctx, 'GET /console/events/:eventcode/bidders/:bidderid/receipt.pdf', async ({ caller, params, reply }) =>
      sendPdf(reply, await receiptPdf(ctx, withEvent(caller).tenant, params.bidderid)),
    );

    route(
      app,
      ctx,
      'GET /console/events/:eventcode/bidders/:bidderid/statement.pdf',
      async ({ caller, params, query, reply }) =>
        sendPdf(
          reply,
          await statementPdf(ctx, { tenant: withEvent(caller).tenant, accountId: params.bidderid, scope: query.scope }),
        ),
    );
  };
}
