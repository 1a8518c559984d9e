/**
 * The console's messages (issue 30): who a message goes to (audiences), by what (channels), the
 * templates staff start from, and the merge fields a message may name, with the one renderer the
 * server sends with and the screen previews with. Pure: the server finds the people and their
 * values; this decides what the words say.
 */

/** Who a message goes to. */
export const MESSAGE_AUDIENCES = ['all', 'checkedin', 'notcheckedin', 'winners', 'unpaid', 'buyers', 'guests'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

export const AUDIENCE_LABELS: Record<MessageAudience, string> = {
  all: 'All bidders',
  checkedin: 'Checked in',
  notcheckedin: 'Not checked in',
  winners: 'Winners',
  unpaid: 'Unpaid winners',
  buyers: 'Store buyers',
  guests: 'Registered guests',
};

/** What each audience is, in a sentence for the compose screen. */
export const AUDIENCE_HINTS: Record<MessageAudience, string> = {
  all: 'Every bidder of the event.',
  checkedin: 'Bidders checked in at the venue.',
  notcheckedin: 'Bidders not (yet) checked in.',
  winners: 'Bidders who won at least one item (bids, Buy It Now, live sales).',
  unpaid: 'Bidders who still owe money, by the payments ledger.',
  buyers: 'Everyone who bought in the store, by email, bidder or not.',
  guests: 'The guests named on tickets bought in the store.',
};

/** Audiences of the event's bidders: their number, balance and pay link are known. */
export const BIDDER_AUDIENCES: readonly MessageAudience[] = ['all', 'checkedin', 'notcheckedin', 'winners', 'unpaid'];
export const isBidderAudience = (audience: MessageAudience): boolean => BIDDER_AUDIENCES.includes(audience);

export const MESSAGE_CHANNELS = ['email', 'text', 'both'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const CHANNEL_LABELS: Record<MessageChannel, string> = {
  email: 'Email',
  text: 'Text message',
  both: 'Email and text',
};
export const sendsEmail = (channel: MessageChannel): boolean => channel !== 'text';
export const sendsText = (channel: MessageChannel): boolean => channel !== 'email';

/**
 * The merge fields a message may name, each written in braces ({firstname}). Bidder-only fields
 * have no value for a store buyer or a guest who is not a bidder, so they are refused for those
 * audiences rather than sent empty.
 */
export const MERGE_FIELDS = ['firstname', 'number', 'balance', 'paylink', 'pickup', 'event', 'eventlink'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Record<MergeField, string>;

export const MERGE_FIELD_HINTS: Record<MergeField, string> = {
  firstname: 'The first name (“friend” when we have none)',
  number: 'The bidder number',
  balance: 'What the bidder owes now, from the payments ledger',
  paylink: 'A link that opens the bidder’s checkout on their phone',
  pickup: 'The event’s pickup instructions, and the bidder’s pickup code when they won something',
  event: 'The event’s name',
  eventlink: 'The event’s address',
};

export const BIDDER_FIELDS: readonly MergeField[] = ['number', 'balance', 'paylink'];

const FIELD = /\{([^{}\s]*)\}/g;
const isMergeField = (name: string): name is MergeField => (MERGE_FIELDS as readonly string[]).includes(name);

/** The fields a text names, in order of first use, known or not. */
export function fieldsIn(text: string): string[] {
  return [...new Set([...text.matchAll(FIELD)].map((m) => m[1] ?? ''))];
}

const list = (names: readonly string[]) => names.map((n) => `{${n}}`).join(', ');

/** Why a message's text cannot be sent to this audience, or null: an unknown field, or a bidder's field for people who may not be bidders. */
export function mergeProblem(text: string, audience: MessageAudience): string | null {
  const named = fieldsIn(text);
  const unknown = named.find((n) => !isMergeField(n));
  if (unknown !== undefined) return `{${unknown}} is not a merge field. Use ${list(MERGE_FIELDS)}.`;
  if (isBidderAudience(audience)) return null;
  const bidderOnly = named.find((n) => BIDDER_FIELDS.includes(n as MergeField));
  if (bidderOnly !== undefined)
    return `{${bidderOnly}} is only known for bidders; ${AUDIENCE_LABELS[audience].toLowerCase()} are not all bidders.`;
  return null;
}

/** The text with each field replaced by its value (texts were checked by mergeProblem first). */
export function renderMerge(text: string, values: MergeValues): string {
  return text.replace(FIELD, (whole, name: string) => (isMergeField(name) ? values[name] : whole));
}

/** The first name a message greets with. */
export const greetingName = (firstname: string): string => firstname.trim() || 'friend';

/** Carriers ask every marketing text to say how to stop them; the notices' texts end the same way. */
export const TEXT_OPT_OUT = 'Reply STOP to unsubscribe.';

/** A text as it is sent: the event's name first (who is writing), the message, and how to stop them. */
export function textMessage(eventname: string, body: string): string {
  return `${eventname}: ${body.trim()} ${TEXT_OPT_OUT}`;
}

/** The message's email paragraphs: the body split at blank lines. */
export function emailParagraphs(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** The templates staff start a message from. */
export const MESSAGE_TEMPLATES = {
  payment: {
    label: 'Payment reminder',
    audience: 'unpaid',
    subject: 'Your balance for {event}',
    body: 'Hi {firstname}, thank you for bidding at {event}! Your balance is {balance}. You can pay on your phone here: {paylink}',
  },
  pickup: {
    label: 'Pickup reminder',
    audience: 'winners',
    subject: 'Picking up your items from {event}',
    body: 'Hi {firstname}, your items from {event} are ready to pick up. {pickup}',
  },
  thanks: {
    label: 'Thank you',
    audience: 'all',
    subject: 'Thank you for supporting {event}',
    body: 'Dear {firstname}, thank you for being part of {event}. Your support makes our work possible.',
  },
  reminder: {
    label: 'Event reminder',
    audience: 'all',
    subject: '{event} is almost here',
    body: 'Hi {firstname}, {event} is almost here! Look through the items and bid on your phone: {eventlink}',
  },
} as const satisfies Record<string, { label: string; audience: MessageAudience; subject: string; body: string }>;
export type MessageTemplate = keyof typeof MESSAGE_TEMPLATES;
export const MESSAGE_TEMPLATE_IDS = Object.keys(MESSAGE_TEMPLATES) as [MessageTemplate, ...MessageTemplate[]];

/** Why someone in the audience gets nothing on a channel. */
export const MESSAGE_LEFT_OUT = ['noemail', 'nophone', 'notexts', 'optedout'] as const;
export type LeftOut = (typeof MESSAGE_LEFT_OUT)[number];

const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);
const messages = (n: number) => (n === 1 ? '1 message' : `${n} messages`);

export function leftOutWords(why: LeftOut, count: number): string {
  const who = people(count);
  if (why === 'noemail') return `${who} without an email address: no email.`;
  if (why === 'nophone') return `${who} without a cell phone number: no text.`;
  if (why === 'notexts') return `${who} did not agree to text messages: no text.`;
  return `${who} replied STOP to our texts: no text.`;
}

export const messageWords = {
  nobody: 'Nobody in this audience can be reached this way.',
  preview: (recipients: number, queued: number) => `${people(recipients)} would get this (${messages(queued)}).`,
  question: (recipients: number, channel: MessageChannel) =>
    `Send this ${channel === 'both' ? 'email and text' : CHANNEL_LABELS[channel].toLowerCase()} to ${people(recipients)}? It cannot be called back.`,
  sent: (recipients: number, queued: number) => `Sent to ${people(recipients)}: ${messages(queued)} on the way.`,
  /** The audit log's sentence. */
  audited: (audience: MessageAudience, channel: MessageChannel, recipients: number, queued: number) =>
    `Sent a message to ${AUDIENCE_LABELS[audience]} by ${CHANNEL_LABELS[channel].toLowerCase()}: ${people(recipients)}, ${messages(queued)}`,
  subjectNeeded: 'is required for an email',
};

/**
 * How a text is billed: a text of GSM-7 characters fits 160 in one message and 153 a part when
 * longer; any other character (an emoji, a curly quote) makes it Unicode, 70 in one and 67 a part.
 * The characters of GSM's extension table count twice.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

export interface TextSize {
  characters: number;
  segments: number;
  unicode: boolean;
}

export function textSize(text: string): TextSize {
  const chars = [...text];
  const unicode = chars.some((c) => !GSM_BASIC.includes(c) && !GSM_EXTENDED.includes(c));
  if (unicode) {
    const units = text.length;
    return { characters: chars.length, segments: units <= 70 ? 1 : Math.ceil(units / 67), unicode };
  }
  const septets = chars.reduce((n, c) => n + (GSM_EXTENDED.includes(c) ? 2 : 1), 0);
  return { characters: chars.length, segments: septets <= 160 ? 1 : Math.ceil(septets / 153), unicode };
}

/** Values that stand for anyone's in the compose screen's length hint (a pay link's length is its real one). */
export const SAMPLE_MERGE_VALUES: MergeValues = {
  firstname: 'Alexandra',
  number: '123',
  balance: '$1,250.00',
  paylink: `https://auction.example.org/gala/pay/${'x'.repeat(32)}`,
  pickup: 'Pick up your items at the front desk after 9 pm. Your pickup code is ABC234.',
  event: 'Spring Gala',
  eventlink: 'https://auction.example.org/gala',
};
