import { z } from 'zod';
import { plainText } from '../bounds';
import { phoneDigits } from '../accounts/validation';

/**
 * Text messages (issue 30): an organization's own provider account, set by its owner, and what the
 * console shows of its texts. The shapes of Twilio's identifiers are checked here, once, for the
 * console's form, its call and the server's environment.
 */

/** An international number as providers take it: +, the country code, up to 15 digits. */
export const E164 = /^\+[1-9]\d{7,14}$/;
export const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
export const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;
/** Twilio's auth tokens are 32 hexadecimal characters. */
export const AUTH_TOKEN = /^[0-9a-fA-F]{32}$/;

export const textingMessages = {
  e164: 'Give the number in international form, such as +13125550199.',
  accountsid: 'An account SID starts with AC and has 32 more letters and digits (0-9, a-f).',
  messagingservicesid: 'A messaging service SID starts with MG and has 32 more letters and digits (0-9, a-f).',
  authtoken: 'An auth token is 32 letters and digits (0-9, a-f).',
  authtokenNeeded: 'Give the auth token of this account.',
  sender: 'Give the number texts come from, or a messaging service SID.',
  oneSender: 'Give either a number or a messaging service SID, not both.',
  accountNeeded: 'Give the account SID first.',
} as const;

/**
 * A number a text can be sent to, in E.164: a US number of 10 digits (as bidders type them, with
 * or without the leading 1) gets +1; a number already in international form is kept; anything else
 * is null (not a number a text can reach).
 */
export function e164Of(phone: string): string | null {
  const trimmed = phone.trim();
  if (trimmed.startsWith('+')) {
    const compact = `+${trimmed.replace(/\D/g, '')}`;
    return E164.test(compact) ? compact : null;
  }
  const digits = phoneDigits(trimmed);
  return digits.length === 10 ? `+1${digits}` : null;
}

/** '' (not set) or a value of the shape. */
const blankOr = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(64, message)
    .refine((v) => v === '' || pattern.test(v), message);

/**
 * The owner's texting settings. The auth token is write-only: '' keeps the stored one; an account
 * SID of '' clears the organization's account (the server's environment applies again).
 */
export const textingSettingsRequest = z
  .object({
    accountsid: blankOr(ACCOUNT_SID, textingMessages.accountsid),
    authtoken: blankOr(AUTH_TOKEN, textingMessages.authtoken),
    fromnumber: blankOr(E164, textingMessages.e164),
    messagingservicesid: blankOr(MESSAGING_SERVICE_SID, textingMessages.messagingservicesid),
    helpcontact: plainText(120, 'must be at most 120 characters').trim(),
  })
  .superRefine((v, ctx) => {
    const sender = v.fromnumber !== '' || v.messagingservicesid !== '';
    if (v.accountsid === '') {
      if (sender || v.authtoken !== '')
        ctx.addIssue({ code: 'custom', path: ['accountsid'], message: textingMessages.accountNeeded, input: '' });
      return;
    }
    if (!sender) ctx.addIssue({ code: 'custom', path: ['fromnumber'], message: textingMessages.sender, input: '' });
    if (v.fromnumber !== '' && v.messagingservicesid !== '')
      ctx.addIssue({ code: 'custom', path: ['messagingservicesid'], message: textingMessages.oneSender, input: '' });
  });
export type TextingSettingsRequest = z.infer<typeof textingSettingsRequest>;

/** Which account sends an organization's texts: its own, the server's environment, or none (dev mailbox). */
export const TEXTING_SOURCES = ['organization', 'environment', 'none'] as const;
export type TextingSource = (typeof TEXTING_SOURCES)[number];
export const textingSourceLabels: Record<TextingSource, string> = {
  organization: 'This organization’s own Twilio account',
  environment: 'The server’s Twilio account (set by the operator)',
  none: 'None: texts are kept in the development mailbox, never sent',
};

/** Where a text in the outbox stands (outbox.status). */
export const TEXT_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'failed',
  'undelivered',
  'optedout',
  'dev',
] as const;
export type TextStatus = (typeof TEXT_STATUSES)[number];

export const textingResponse = z.object({
  status: z.literal('success'),
  settings: z.object({
    accountsid: z.string(),
    /** Whether an auth token is stored; the token itself is never served. */
    authtokenset: z.boolean(),
    fromnumber: z.string(),
    messagingservicesid: z.string(),
    helpcontact: z.string(),
  }),
  inuse: z.enum(TEXTING_SOURCES),
  /** The organization's texts by status. */
  counts: z.record(z.enum(TEXT_STATUSES), z.number()),
  optouts: z.object({
    count: z.number(),
    /** The latest first, at most a page of them. */
    numbers: z.array(z.object({ phone: z.string(), word: z.string(), created: z.string() })),
  }),
});
export type TextingResponse = z.infer<typeof textingResponse>;

/**
 * The provider's webhooks (form-encoded, signed): any field names, short values. What the handler
 * reads it checks itself; everything must reach the signature check as sent.
 */
export const twilioWebhookBody = z.record(z.string().max(64), z.string().max(2000));
export const webhookAnswer = z.object({ received: z.boolean() });
