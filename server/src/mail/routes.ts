import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { escapeHtml as esc } from '../lib/escape-html';
import { outbox } from '../db/schema';
import { latestMessages } from './outbox';

const mailboxEntry = z.object({
  id: z.number(),
  channel: z.enum(['email', 'text', 'push']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  sentat: z.string(),
  /** The file sent with the email ('' when none), downloaded at attachmenturl. */
  attachment: z.string(),
  attachmenturl: z.string(),
});

/**
 * The development mailbox: every message the app queued, newest first, so a person or a test can
 * follow any emailed link without a mail server. Not registered in production.
 */
export function devMailboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const recent = async () => {
    const rows = await latestMessages(ctx.db, 200);
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      to: r.to,
      subject: r.subject,
      text: r.text,
      html: r.html,
      links: r.links,
      sentat: r.createdAt.toISOString(),
      attachment: r.attachment ? r.attachmentName : '',
      attachmenturl: r.attachment ? `/dev/mailbox/${r.id}/attachment` : '',
    }));
  };
  return async (app) => {
    app.get('/dev/mailbox.json', { schema: { hide: true, response: { 200: z.array(mailboxEntry) } } }, recent);
    // The file an email carries (a statement's PDF), saved under its own name.
    app.get(
      '/dev/mailbox/:id/attachment',
      { schema: { hide: true, params: z.object({ id: z.coerce.number<string>().int().min(1).max(2_147_483_647) }) } },
      async (request, reply) => {
        const [row] = await ctx.db
          .select({ name: outbox.attachmentName, bytes: outbox.attachment })
          .from(outbox)
          .where(eq(outbox.id, request.params.id));
        if (!row?.bytes) return reply.status(404).send({ status: 'failure', message: 'No such attachment.' });
        return reply
          .type(row.name.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream')
          .header('content-disposition', `attachment; filename="${row.name.replace(/[^A-Za-z0-9._-]/g, '-')}"`)
          .send(Buffer.from(row.bytes));
      },
    );
    app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
      const items = (await recent())
        .map(
          (
            m,
          ) => `<article data-testid="mail"><header><strong>${esc(m.subject)}</strong><br>to ${esc(m.to)} · ${esc(new Date(m.sentat).toLocaleString('en-US'))}</header>
<div class="body">${m.html || `<pre>${esc(m.text)}</pre>`}</div>${
            m.attachment
              ? `<p class="attachment">Attached: <a href="${esc(m.attachmenturl)}" data-testid="mail-attachment">${esc(m.attachment)}</a></p>`
              : ''
          }</article>`,
        )
        .join('');
      const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Gavel dev mailbox</title><style>body{font-family:sans-serif;margin:0;background:#eee}.mailbox-title{font-size:20px;padding:16px;margin:0;background:#5b2a86;color:#fff}
article{background:#fff;margin:12px;border-radius:8px;overflow:hidden}.attachment{padding:12px;margin:0;border-top:1px solid #ddd}header{padding:12px;border-bottom:1px solid #ddd;font-size:14px}.body{padding:0}</style></head>
<body><h1 class="mailbox-title">Dev mailbox (${items ? 'newest first' : 'empty'})</h1>${items || '<p style="padding:16px">No messages yet.</p>'}</body></html>`;
      return reply.header('content-type', 'text/html; charset=utf-8').send(page);
    });
  };
}
