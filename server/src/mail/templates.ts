import { escapeHtml as esc } from '../lib/escape-html';
import { htmlTable, type MailTable, textTable } from './table';

/**
 * The emails Gavel sends, branded with the event. Each has a plain-text part and a simple HTML
 * part with inline styles (mail clients ignore style sheets), and lists its links so the dev
 * mailbox and the tests can follow them. Everything a mail shows is escaped in its HTML part.
 */

export interface MailMessage {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

export interface MailBrand {
  eventname: string;
  organizationname: string;
}

/**
 * What a mail's body holds, in order: a paragraph (a string), a table (a receipt's lines, see
 * table.ts), or facts: labelled values kept together (an order's number and date, an event's
 * time and place), a value's line breaks kept (a street address).
 */
export type MailBlock = string | { table: MailTable } | { facts: MailFact[]; title?: string } | { code: MailCode };
export interface MailFact {
  label: string;
  value: string;
}

/**
 * A code the reader shows at a desk (the pickup code): large and spaced out, so it can be read off
 * a phone, with its QR under it. The image is linked, not embedded: mail clients drop data: images
 * and SVG, and one that blocks images still shows the code as text.
 */
export interface MailCode {
  label: string;
  value: string;
  image?: { url: string; alt: string; size: number };
}

type Button = { label: string; url: string };

/** What a mail says: its subject, the heading and blocks of its body, its buttons and the small print under them. */
interface MailContent {
  subject: string;
  heading: string;
  blocks: MailBlock[];
  buttons: Button[];
  footer: string;
}

const TEXT = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933';
const paragraphHtml = (p: string) => `<p style="${TEXT}">${esc(p).replace(/\r?\n/g, '<br>')}</p>`;

function factsHtml(facts: MailFact[], title: string | undefined): string {
  const rows = facts
    .map(
      (f) =>
        `<tr><th scope="row" style="padding:4px 16px 4px 0;text-align:left;vertical-align:top;font-weight:normal;color:#616e7c;white-space:nowrap">${esc(f.label)}</th><td style="padding:4px 0;vertical-align:top;color:#1f2933;overflow-wrap:anywhere;word-break:break-word">${esc(f.value).replace(/\r?\n/g, '<br>')}</td></tr>`,
    )
    .join('');
  const head = title ? `<p style="margin:0 0 6px;font-size:16px;font-weight:bold;color:#1f2933">${esc(title)}</p>` : '';
  return `${head}<table style="width:100%;border-collapse:collapse;margin:0 0 20px;font-size:15px;line-height:1.45">${rows}</table>`;
}

function codeHtml({ label, value, image }: MailCode): string {
  const img = image
    ? `<img src="${esc(image.url)}" width="${image.size}" height="${image.size}" alt="${esc(image.alt)}" style="display:block;margin:0 auto;border:0">`
    : '';
  return `<div style="margin:0 0 20px;padding:16px;border:1px solid #e4dcef;border-radius:10px;text-align:center">
<p style="margin:0 0 6px;font-size:14px;color:#616e7c">${esc(label)}</p>
<p style="margin:0 0 12px;font-family:'Courier New',Courier,monospace;font-size:32px;font-weight:bold;letter-spacing:.2em;color:#1f2933">${esc(value)}</p>${img}</div>`;
}

function blockHtml(block: MailBlock): string {
  if (typeof block === 'string') return paragraphHtml(block);
  if ('table' in block) return htmlTable(block.table);
  if ('code' in block) return codeHtml(block.code);
  return factsHtml(block.facts, block.title);
}

/** Facts as text: 'Label: value', the values of a group lined up, a value's further lines under its first. */
function factsText(facts: MailFact[]): string[] {
  const width = Math.max(...facts.map((f) => f.label.length)) + 2;
  return facts.flatMap((f) => {
    const [first = '', ...rest] = f.value.split(/\r?\n/);
    return [`${`${f.label}:`.padEnd(width)}${first}`, ...rest.map((line) => ' '.repeat(width) + line)];
  });
}

function layout(brand: MailBrand, { heading, blocks, buttons, footer }: MailContent): string {
  const body = blocks.map(blockHtml).join('');
  const actions = buttons
    .map(
      (b) =>
        `<p style="margin:24px 0"><a href="${esc(b.url)}" style="display:inline-block;background:#5b2a86;color:#ffffff;text-decoration:none;font-weight:bold;padding:14px 24px;border-radius:8px;font-size:16px">${esc(b.label)}</a></p>`,
    )
    .join('');
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f1f8;font-family:Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 8px;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#5b2a86">${esc(brand.eventname)}</p>
<h1 style="margin:0 0 24px;font-size:22px;color:#1f2933">${esc(heading)}</h1>
${body}${actions}
<p style="margin:32px 0 0;font-size:13px;line-height:1.5;color:#616e7c">${esc(footer)}</p>
</div>
<p style="text-align:center;font-size:12px;color:#9aa5b1">${esc(brand.organizationname)} · sent by Gavel</p>
</body></html>`;
}

/** The text part: paragraphs one to a line, and a blank line around each table and group of facts. */
function textPart({ heading, blocks, buttons, footer }: MailContent): string {
  const lines = [heading, ''];
  const apart = (group: string[]) => {
    if (lines[lines.length - 1] !== '') lines.push('');
    lines.push(...group, '');
  };
  for (const block of blocks) {
    if (typeof block === 'string') lines.push(block);
    else if ('table' in block) apart(textTable(block.table));
    else if ('code' in block) apart([`${block.code.label}: ${block.code.value}`]);
    else apart([...(block.title ? [block.title] : []), ...factsText(block.facts)]);
  }
  if (lines[lines.length - 1] !== '') lines.push('');
  if (buttons.length > 0) lines.push(...buttons.map((b) => `${b.label}: ${b.url}`), '');
  return [...lines, footer].join('\n');
}

export function message(brand: MailBrand, content: MailContent): MailMessage {
  return {
    subject: content.subject,
    text: textPart(content),
    html: layout(brand, content),
    links: content.buttons.map((b) => b.url),
  };
}

export function verificationMail(brand: MailBrand, url: string): MailMessage {
  return message(brand, {
    subject: `Verify your email for ${brand.eventname}`,
    heading: 'Verify your email address',
    blocks: [
      `Thanks for joining ${brand.eventname}. Tap the button below to confirm this is your email address, then finish setting up your bidder account.`,
    ],
    buttons: [{ label: 'Verify Email Address', url }],
    footer:
      'This link works once and expires in 7 days. Did not sign up? Someone may have used your email: opening the link makes the account yours, and any password they set stops working. Or ignore this email.',
  });
}

export function forgotPasswordMail(brand: MailBrand, loginUrl: string, resetUrl: string): MailMessage {
  return message(brand, {
    subject: `Your sign-in link for ${brand.eventname}`,
    heading: 'Sign in to your bidder account',
    blocks: [
      'You asked to sign in without your password. Tap the first button to sign in now, or choose a new password with the second.',
    ],
    buttons: [
      { label: 'Sign In Now', url: loginUrl },
      { label: 'Choose a New Password', url: resetUrl },
    ],
    footer:
      'The sign-in link works once within 30 minutes; the password link within 1 hour. If you did not ask for this, you can ignore this email.',
  });
}

export function resetPasswordMail(brand: MailBrand, resetUrl: string): MailMessage {
  return message(brand, {
    subject: `Reset your password for ${brand.eventname}`,
    heading: 'Choose a new password',
    blocks: ['Tap the button below to choose a new password for your bidder account.'],
    buttons: [{ label: 'Choose a New Password', url: resetUrl }],
    footer: 'This link works once within 1 hour. If you did not ask for this, you can ignore this email.',
  });
}

/** A notice about an item: outbid, won or closing soon, with a link to the item. */
export function itemNoticeMail(
  brand: MailBrand,
  { subject, heading, body, itemUrl }: { subject: string; heading: string; body: string; itemUrl: string },
): MailMessage {
  return message(brand, {
    subject,
    heading,
    blocks: [body],
    buttons: [{ label: 'Open the Item', url: itemUrl }],
    footer: 'You get these emails because of your notification choices in My Account.',
  });
}
