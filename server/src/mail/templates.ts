/**
 * The emails Gavel sends, branded with the event. Each has a plain-text part and a simple HTML
 * part with inline styles (mail clients ignore style sheets), and lists its links so the dev
 * mailbox and the tests can follow them.
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

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function layout(brand: MailBrand, heading: string, paragraphs: string[], buttons: Array<{ label: string; url: string }>, footer: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${esc(p)}</p>`).join('');
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

function textPart(heading: string, paragraphs: string[], buttons: Array<{ label: string; url: string }>, footer: string): string {
  return [heading, '', ...paragraphs, '', ...buttons.map((b) => `${b.label}: ${b.url}`), '', footer].join('\n');
}

export function message(brand: MailBrand, subject: string, heading: string, paragraphs: string[], buttons: Array<{ label: string; url: string }>, footer: string): MailMessage {
  return {
    subject,
    text: textPart(heading, paragraphs, buttons, footer),
    html: layout(brand, heading, paragraphs, buttons, footer),
    links: buttons.map((b) => b.url),
  };
}

export function verificationMail(brand: MailBrand, url: string): MailMessage {
  return message(
    brand,
    `Verify your email for ${brand.eventname}`,
    'Verify your email address',
    [`Thanks for joining ${brand.eventname}. Tap the button below to confirm this is your email address, then finish setting up your bidder account.`],
    [{ label: 'Verify Email Address', url }],
    'This link works once and expires in 7 days. Did not sign up? Someone may have used your email: opening the link makes the account yours, and any password they set stops working. Or ignore this email.',
  );
}

export function forgotPasswordMail(brand: MailBrand, loginUrl: string, resetUrl: string): MailMessage {
  return message(
    brand,
    `Your sign-in link for ${brand.eventname}`,
    'Sign in to your bidder account',
    ['You asked to sign in without your password. Tap the first button to sign in now, or choose a new password with the second.'],
    [
      { label: 'Sign In Now', url: loginUrl },
      { label: 'Choose a New Password', url: resetUrl },
    ],
    'The sign-in link works once within 30 minutes; the password link within 1 hour. If you did not ask for this, you can ignore this email.',
  );
}

export function resetPasswordMail(brand: MailBrand, resetUrl: string): MailMessage {
  return message(
    brand,
    `Reset your password for ${brand.eventname}`,
    'Choose a new password',
    ['Tap the button below to choose a new password for your bidder account.'],
    [{ label: 'Choose a New Password', url: resetUrl }],
    'This link works once within 1 hour. If you did not ask for this, you can ignore this email.',
  );
}

/** A notice about an item: outbid, won or closing soon, with a link to the item. */
export function itemNoticeMail(brand: MailBrand, subject: string, heading: string, body: string, itemUrl: string): MailMessage {
  return message(brand, subject, heading, [body], [{ label: 'Open the Item', url: itemUrl }], 'You get these emails because of your notification choices in My Account.');
}
