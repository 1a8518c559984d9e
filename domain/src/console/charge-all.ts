import { type Cents, formatMoney } from '../money';

/**
 * Charge all saved cards (auction night, the owner's): who a run charges, who it skips and why, and
 * the words the screen and the answers use. The server decides by these rules (preview and run);
 * the screen shows what they say.
 */

/** Why a bidder with a balance is not charged by a run. */
export const CHARGE_SKIPS = ['nocard', 'paid', 'inprogress', 'belowminimum'] as const;
export type ChargeSkip = (typeof CHARGE_SKIPS)[number];

/** A pay link (text and email to a declined bidder) opens their checkout this long, until the balance is paid. */
export const PAY_LINK_HOURS = 72;

/** At most this many bidders are sent pay links in one call (the follow-up list's "send to all"). */
export const PAY_LINKS_MAX = 500;

/** What the preview knows of a bidder's balance. */
export interface ChargeCandidate {
  /** What the balance's lines charge, in cents. */
  charged: Cents;
  due: Cents;
  /** A card charge for the balance is under way (its outcome not yet known). */
  inProgress: boolean;
  hasCard: boolean;
}

/**
 * Whether a run charges the bidder ('charge'), or why not; null for a bidder who never owed
 * anything (not listed at all). A payment in progress comes first: its outcome decides the rest.
 */
export function chargeDecision(c: ChargeCandidate, minimum: Cents): 'charge' | ChargeSkip | null {
  if (c.charged <= 0 && c.due <= 0 && !c.inProgress) return null;
  if (c.inProgress) return 'inprogress';
  if (c.due <= 0) return 'paid';
  if (!c.hasCard) return 'nocard';
  if (c.due < minimum) return 'belowminimum';
  return 'charge';
}

/** A skip in words, as the preview lists it. */
export function skipWords(why: ChargeSkip, minimum: Cents): string {
  if (why === 'nocard') return 'No card on file';
  if (why === 'paid') return 'Already paid';
  if (why === 'inprogress') return 'A payment is in progress';
  return `Owes less than the minimum (${formatMoney(minimum)})`;
}

const cards = (n: number) => (n === 1 ? '1 card' : `${n} cards`);

/** The run button: how many cards and how much. */
export function chargeButton(count: number, total: Cents): string {
  return `Charge ${cards(count)} (${formatMoney(total)})`;
}

/** The question before a run, naming how many and how much, and what it does. */
export function chargeQuestion(count: number, total: Cents): string {
  return `Charge ${cards(count)} a total of ${formatMoney(total)}? Each bidder's card on file is charged what they owe at that moment, once. Bidders who pay meanwhile are not charged again.`;
}

/**
 * A bidder's outcome in a run. `review`: the processor holds a charge under the payment's key that
 * is not this payment (another database on the same account): nothing was taken, and staff look.
 */
export const CHARGE_RESULTS = ['queued', 'charging', 'paid', 'declined', 'confirm', 'skipped', 'review'] as const;
export type ChargeResult = (typeof CHARGE_RESULTS)[number];

export const chargeAllWords = {
  nobody: 'Nobody can be charged now: no bidder owes money and has a card on file.',
  paidMeanwhile: 'Paid meanwhile: not charged again.',
  payingMeanwhile: 'Being paid meanwhile (on their phone or at the desk): not charged.',
  confirm: 'The bank asks the bidder to confirm this payment: send them a pay link.',
  waiting: 'Waiting for the processor’s answer.',
  neverReached: 'The charge did not reach the card processor: not charged.',
  nothingDue: (name: string) => `${name} owes nothing now: no pay link sent.`,
  runningAlready: (runid: number, by: string, at: string) =>
    `Run ${runid}, started by ${by} at ${at}, is still charging cards. Wait for it to finish, then preview again.`,
  started: (count: number, total: Cents) => `Charging ${cards(count)} (${formatMoney(total)}).`,
  linksSent: (n: number) => (n === 1 ? 'Sent 1 pay link.' : `Sent ${n} pay links.`),
  paidLink: 'There is nothing left to pay: your balance is paid. Thank you!',
  linkExpired: 'This pay link has expired. Please ask the auction team for a new one, or log in to pay.',
  payOnly: 'This link lets you pay for your items only. Please log in to bid or change your account.',
} as const;

/** The result of a bidder in a run, in words (a decline is the processor's own sentence). */
export function resultWords(state: ChargeResult, message: string): string {
  if (state === 'queued') return 'Waiting to be charged';
  if (state === 'charging') return message || 'Charging…';
  if (state === 'paid') return 'Paid';
  if (state === 'confirm') return chargeAllWords.confirm;
  return message;
}

/** The pay link's text message: short, the event's name and the link. */
export function payLinkText(eventname: string, due: Cents, url: string): string {
  return `${eventname}: your card could not be charged for ${formatMoney(due)}. Pay on your phone here: ${url}`;
}
