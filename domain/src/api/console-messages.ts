import { z } from 'zod';
import { freeText, hasVisibleText, plainText } from '../bounds';
import {
  MESSAGE_AUDIENCES,
  MESSAGE_CHANNELS,
  MESSAGE_LEFT_OUT,
  MESSAGE_TEMPLATE_IDS,
  mergeProblem,
  messageWords,
  sendsEmail,
} from '../console/messages';

/**
 * The console's messages (staff and owners): compose to an audience, preview, send; and the
 * history with delivery counts. The merge fields and templates are domain/src/console/messages.ts.
 */

/** A message body's limit: ten text segments, and far more than an email reminder needs. */
export const MESSAGE_BODY_MAX = 1600;
export const MESSAGE_SUBJECT_MAX = 200;

export const messageAudience = z.enum(MESSAGE_AUDIENCES, { error: `must be one of ${MESSAGE_AUDIENCES.join(', ')}` });
export const messageChannel = z.enum(MESSAGE_CHANNELS, { error: `must be one of ${MESSAGE_CHANNELS.join(', ')}` });

const fields = {
  audience: messageAudience,
  channel: messageChannel,
  /** The template it started from; '' when written from scratch. */
  template: z
    .union([z.enum(MESSAGE_TEMPLATE_IDS), z.literal('')], {
      error: `must be one of ${MESSAGE_TEMPLATE_IDS.join(', ')}, or empty`,
    })
    .optional()
    .default(''),
  /** An email's subject (merge fields allowed); not used by a text. */
  subject: plainText(MESSAGE_SUBJECT_MAX).trim().optional().default(''),
  body: freeText(MESSAGE_BODY_MAX).trim().refine(hasVisibleText, 'is required'),
};

type Fields = {
  audience: (typeof MESSAGE_AUDIENCES)[number];
  channel: (typeof MESSAGE_CHANNELS)[number];
  subject: string;
  body: string;
};

/** The rules across fields: an email needs a subject; every merge field must be known, and known for the audience. */
function messageRule<T extends Fields>(m: T, ctx: z.RefinementCtx<T>): void {
  if (sendsEmail(m.channel) && m.subject === '')
    ctx.addIssue({ code: 'custom', path: ['subject'], message: messageWords.subjectNeeded, input: m.subject });
  for (const name of ['subject', 'body'] as const) {
    const problem = mergeProblem(m[name], m.audience);
    // A whole sentence naming the field: answered as it is (server/src/errors.ts).
    if (problem)
      ctx.addIssue({ code: 'custom', path: [name], message: problem, input: m[name], params: { sentence: true } });
  }
}

export const messageRequest = z
  .object({
    ...fields,
    /** true: who would get it, who is left out and why, and one rendered example; nothing is written. */
    preview: z.boolean({ error: 'must be true or false' }).optional().default(false),
  })
  .superRefine(messageRule);
export type MessageRequest = z.input<typeof messageRequest>;
export type MessageRequestValues = z.output<typeof messageRequest>;

/** The compose form: the request without the preview flag (the screen's two buttons say which). */
export const messageForm = z.object(fields).superRefine(messageRule);
export type MessageFormInput = z.input<typeof messageForm>;
export type MessageFormValues = z.output<typeof messageForm>;

const counts = {
  /** People in the audience who get at least one message. */
  recipients: z.number().int(),
  /** Outbox rows: one per recipient and channel. */
  queued: z.number().int(),
};

export const messagePreview = z.object({
  status: z.literal('success'),
  message: z.string(),
  preview: z.literal(true),
  ...counts,
  emails: z.number().int(),
  texts: z.number().int(),
  /** Per reason, the people of the audience left out of a channel. */
  leftout: z.array(z.object({ why: z.enum(MESSAGE_LEFT_OUT), count: z.number().int(), words: z.string() })),
  /** The message as the first recipient would get it (a pay link stands for the one made on sending); null when nobody would. */
  example: z
    .object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      subject: z.string(),
      /** The email's text part. */
      emailtext: z.string(),
      /** The text message, whole ('' when no text goes to this person). */
      text: z.string(),
    })
    .nullable(),
});
export type MessagePreview = z.infer<typeof messagePreview>;

export const messageSent = z.object({
  status: z.literal('success'),
  message: z.string(),
  preview: z.literal(false),
  messageid: z.number().int(),
  ...counts,
});
export type MessageSent = z.infer<typeof messageSent>;

export const messageResponse = z.union([messagePreview, messageSent]);
export type MessageResponse = z.infer<typeof messageResponse>;

/** A message's outbox rows by where they stand (outbox.status). */
export const deliveryCounts = z.object({
  /** Waiting in the outbox or being sent. */
  pending: z.number().int(),
  /** Taken by the provider (or the mail server). */
  sent: z.number().int(),
  /** A text the provider reported delivered. */
  delivered: z.number().int(),
  /** Failed or undelivered. */
  failed: z.number().int(),
  /** Not sent: the number replied STOP. */
  optedout: z.number().int(),
  /** No provider: readable in the dev mailbox only. */
  dev: z.number().int(),
});
export type DeliveryCounts = z.infer<typeof deliveryCounts>;

export const sentMessage = z.object({
  messageid: z.number().int(),
  /** When it was sent, ISO-8601 in the event's zone. */
  createdat: z.string(),
  /** The staff member who sent it ('' when since removed from the staff list and forgotten). */
  sentby: z.string(),
  audience: messageAudience,
  channel: messageChannel,
  template: z.string(),
  subject: z.string(),
  body: z.string(),
  ...counts,
  delivery: deliveryCounts,
});
export type SentMessage = z.infer<typeof sentMessage>;

export const messagesResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** The event's name (a text starts with it) and its time zone (the times' zone). */
  eventname: z.string(),
  timezone: z.string(),
  messages: z.array(sentMessage),
});
export type MessagesResponse = z.infer<typeof messagesResponse>;
