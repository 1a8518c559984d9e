import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { escapeHtml as esc } from '../lib/escape-html';
import { latestMessages } from './outbox';

const mailboxEntry = z.object({
  id: z.number(),
  channel: z.enum(['email', 'text']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  sentat: z.string(),
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
    }));
  };
  return async (app) => {
    app.get('/dev/mailbox.json', { schema: { hide: true, response: { 200: z.array(mailboxEntry) } } }, recent);
    app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
      const items = (await recent())
        .map(
          (
            m,
          ) => `<article data-testid="mail"><header><strong>${esc(m.subject)}</strong><br>to ${esc(m.to)} · ${esc(new Date(m.sentat).toLocaleString('en-US'))}</header>
<div class="body">${m.html || `<pre>${esc(m.text)}</pre>`}</div></article>`,
        )
        .join('');
      const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Gavel dev mailbox</title><style>body{font-family:sans-serif;margin:0;background:#eee}.mailbox-title{font-size:20px;padding:16px;margin:0;background:#5b2a86;color:#fff}
article{background:#fff;margin:12px;border-radius:8px;overflow:hidden}header{padding:12px;border-bottom:1px solid #ddd;font-size:14px}.body{padding:0}</style></head>
<body><h1 class="mailbox-title">Dev mailbox (${items ? 'newest first' : 'empty'})</h1>${items || '<p style="padding:16px">No messages yet.</p>'}</body></html>`;
      return reply.header('content-type', 'text/html; charset=utf-8').send(page);
    });
  };
}
