import { bidderWords, type EmailStatementsResponse, formatMoney } from '@gavel/domain';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { outbox } from '../../../db/schema';
import { AppError } from '../../../errors';
import { renderPdf } from '../../../lib/pdf';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { mailRow, type OutboxRow } from '../../../mail/outbox';
import { message } from '../../../mail/templates';
import type { Tenant } from '../../../tenancy';
import { recordAudit } from '../../../lib/audit';
import { keptKey, sentBefore, sentUnderKey } from '../keyed-send';
import { findBidder, selectBidders } from '../bidders/queries';
import { receiptFacts, type StatementFacts, statementFacts, type StatementScope } from '../../receipts/facts';
import { drawReceipt, drawStatement } from './receipt-pdf';

/** A PDF and the name it is saved or attached under. */
export interface PdfFile {
  filename: string;
  pdf: Buffer;
}

/** The event's bidder of a console path's `bidderid` (the account's id), or 404. */
async function bidderOf(db: Db, tenant: Tenant, accountId: number) {
  const row = await findBidder(db, tenant, accountId);
  if (!row) throw new AppError('not_found', bidderWords.notFound);
  return row;
}

const period = (facts: StatementFacts) => (facts.scope === 'year' ? String(facts.year) : 'event');

const statementFile = (tenant: Tenant, facts: StatementFacts) =>
  `statement-${tenant.event.eventcode}-${facts.bidder.number}-${period(facts)}.pdf`;

/** GET bidders/:bidderid/receipt.pdf: the bidder's tax receipt for what they paid in this event. */
export async function receiptPdf(ctx: AppContext, tenant: Tenant, accountId: number): Promise<PdfFile> {
  const row = await bidderOf(ctx.db, tenant, accountId);
  const facts = await receiptFacts(ctx.db, tenant, row.bidderId);
  const pdf = await renderPdf(
    { title: `Tax receipt: ${tenant.event.eventname}`, author: tenant.organization.name },
    (doc) => drawReceipt(doc, facts),
  );
  return { filename: `receipt-${tenant.event.eventcode}-${row.bidderdisplaynumber}.pdf`, pdf };
}

function statementDocument(tenant: Tenant, facts: StatementFacts): Promise<Buffer> {
  return renderPdf({ title: facts.title, author: tenant.organization.name }, (doc) => drawStatement(doc, facts));
}

/** GET bidders/:bidderid/statement.pdf: the bidder's giving statement for the event or its calendar year. */
export async function statementPdf(
  ctx: AppContext,
  { tenant, accountId, scope }: { tenant: Tenant; accountId: number; scope: StatementScope },
): Promise<PdfFile> {
  const row = await bidderOf(ctx.db, tenant, accountId);
  const facts = await statementFacts(ctx.db, tenant, row.bidderId, scope);
  return { filename: statementFile(tenant, facts), pdf: await statementDocument(tenant, facts) };
}

/** The statements of every bidder of the event who paid something in the period, in bidder-number order. */
async function giversStatements(db: Db, tenant: Tenant, scope: StatementScope): Promise<StatementFacts[]> {
  const rows = await selectBidders(db, tenant);
  const all: StatementFacts[] = [];
  // One after another: each reads the ledger, and a transaction's queries share one connection.
  for (const row of rows) all.push(await statementFacts(db, tenant, row.bidderId, scope));
  return all.filter((facts) => facts.sections.length > 0);
}

const nobodyGave = (scope: StatementScope) =>
  new AppError(
    'not_found',
    scope === 'year'
      ? 'No bidder of this event has paid anything this year.'
      : 'No bidder has paid anything in this event yet.',
  );

/** GET printables/statements.pdf: every giving bidder's statement in one PDF, each starting a page. */
export async function allStatementsPdf(ctx: AppContext, tenant: Tenant, scope: StatementScope): Promise<PdfFile> {
  const statements = await giversStatements(ctx.db, tenant, scope);
  if (statements.length === 0) throw nobodyGave(scope);
  const title = `Giving statements: ${tenant.event.eventname}`;
  const pdf = await renderPdf({ title, author: tenant.organization.name }, (doc) => {
    for (const facts of statements) drawStatement(doc, facts);
  });
  return { filename: `statements-${tenant.event.eventcode}-${period(statements[0] as StatementFacts)}.pdf`, pdf };
}

function statementMail(tenant: Tenant, facts: StatementFacts) {
  const { organization, event } = tenant;
  const contact = [event.organizationemail, event.organizationphone].filter(Boolean).join(' or ');
  return message(
    { eventname: event.eventname, organizationname: organization.name },
    {
      subject: `${facts.title} from ${organization.name}`,
      heading: facts.title,
      blocks: [
        `Dear ${facts.bidder.name}, thank you for your support. Your statement is attached as a PDF: what you paid, the value of what you received, and the part you may deduct (${formatMoney(facts.totals.deductible)} in all).`,
        'Please keep it with your tax records.',
      ],
      buttons: [],
      footer: contact
        ? `Questions about it? Write to us at ${contact}.`
        : 'Questions about it? Reply to the organization.',
    },
  );
}

/**
 * POST printables/statements/email: a statement by email with its PDF attached, to one bidder (who
 * must have paid something in the period) or to every bidder of the event who has; a preview only
 * counts them. The PDFs are
 * made first; the outbox rows and the audit entry are written in one transaction, and the mail job
 * delivers them (mail/delivery.ts attaches the file).
 */
export async function emailStatements(
  ctx: AppContext,
  caller: StaffEventCaller,
  body: { bidderid?: number; scope: StatementScope; preview: boolean },
  key?: string,
): Promise<EmailStatementsResponse> {
  const { bidderid, scope, preview } = body;
  const { tenant } = caller;
  const { event, organization } = tenant;
  // Under the console's Idempotency-Key the emails go once: a retry is answered from the first
  // send's audit entry (looked at before the PDFs are made, and again under the send's lock).
  const send = key && !preview ? { eventId: event.id, kind: STATEMENTS_AUDIT_KIND, key, body } : undefined;
  const before = send ? await sentBefore(ctx.db, send) : undefined;
  if (before) return statementsAnswer(before);
  let statements: StatementFacts[];
  if (bidderid === undefined) statements = await giversStatements(ctx.db, tenant, scope);
  else {
    const row = await bidderOf(ctx.db, tenant, bidderid);
    const facts = await statementFacts(ctx.db, tenant, row.bidderId, scope);
    if (facts.sections.length === 0)
      throw new AppError(
        'conflict',
        `${bidderWords.nameOf(row)} has paid nothing in this period: there is no statement to send.`,
      );
    statements = [facts];
  }
  if (statements.length === 0) throw nobodyGave(scope);
  const recipients = statements.length;
  if (preview)
    return {
      status: 'success',
      message: `${recipients === 1 ? '1 bidder' : `${recipients} bidders`} will get a statement by email.`,
      recipients,
      queued: 0,
    };
  const rows: OutboxRow[] = [];
  for (const facts of statements)
    rows.push({
      ...mailRow(
        { organizationId: organization.id, eventId: event.id, to: facts.bidder.email },
        statementMail(tenant, facts),
      ),
      attachmentName: statementFile(tenant, facts),
      attachment: await statementDocument(tenant, facts),
    });
  const queued = rows.length;
  const message =
    queued === 1 ? `A statement was emailed to ${statements[0]?.bidder.email}.` : `${queued} statements were emailed.`;
  const earlier = await ctx.db.transaction(async (tx) => {
    const raced = send ? await sentUnderKey(tx, send) : undefined;
    if (raced) return raced;
    await tx.insert(outbox).values(rows);
    await recordAudit(tx, caller, {
      eventId: event.id,
      kind: STATEMENTS_AUDIT_KIND,
      summary: `Emailed ${rows.length === 1 ? `a statement to ${statements[0]?.bidder.name}` : `${rows.length} statements`} (${scope === 'year' ? `year ${statements[0]?.year}` : 'this event'})`,
      after: {
        scope,
        bidders: statements.map((s) => s.bidder.number),
        recipients,
        queued,
        message,
        ...keptKey(key, body),
      },
    });
    return undefined;
  });
  if (earlier) return statementsAnswer(earlier);
  return { status: 'success', message, recipients, queued };
}

/** The audit kind of statements emailed; its entry keeps the Idempotency-Key and the answer. */
const STATEMENTS_AUDIT_KIND = 'printables.statements';

const sentStatements = z.object({ recipients: z.number().int(), queued: z.number().int(), message: z.string() });

/** The answer to a retry, from what the first send's audit entry kept. */
function statementsAnswer(entry: unknown): EmailStatementsResponse {
  return { status: 'success', ...sentStatements.parse(entry) };
}
