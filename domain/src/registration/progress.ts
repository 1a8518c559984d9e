import { formatTimeWithZone } from '../time';
import { FIELD_CONTROL, type GuestFieldDef, type StoredValue } from './fields';

/**
 * How far a purchase's guest registration has come (issue 26, item 13): which seats are named,
 * which named guests still lack a required answer, by when it must be done, and what a save says.
 * The server marks the seats with these; the purchaser's page words them.
 */

export const progressMessages = {
  seatsNamed: (named: number, total: number) => `${named} of ${total} ${total === 1 ? 'seat' : 'seats'} named`,
  answersNeeded: 'Answers needed',
  guestsNeedAnswers: (n: number) => (n === 1 ? '1 guest needs answers' : `${n} guests need answers`),
  deadline: (time: string) => `Please register your guests by ${time}.`,
  closed: (time: string) => `Guest registration closed on ${time}. Please contact the event organizer to make changes.`,
  saved: 'Saved',
  savedLinkEmailed: (name: string) => `Saved — ${name}'s link was emailed`,
} as const;

/** A required answer is missing: nothing stored, or only blanks. A yes/no is always answered (no is an answer). */
function unanswered(value: StoredValue | undefined): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The labels of the required fields a person has not answered, in the fields' order. */
export function missingAnswers(
  fields: readonly GuestFieldDef[],
  answers: Readonly<Record<string, StoredValue>>,
): string[] {
  return fields
    .filter((f) => f.fieldrequired && f.fieldcontrol !== FIELD_CONTROL.yesno && unanswered(answers[String(f.fieldid)]))
    .map((f) => f.fieldlabel);
}

/** Seats named (a person in them) out of all seats, over every group. */
export function seatsNamed(groups: ReadonlyArray<{ guests: ReadonlyArray<{ guestisnamed: boolean }> }>): {
  named: number;
  total: number;
} {
  const seats = groups.flatMap((g) => g.guests);
  return { named: seats.filter((s) => s.guestisnamed).length, total: seats.length };
}

/**
 * The deadline line: by when guests must be registered, or that registration has closed; '' when
 * the event has no deadline (nothing is said rather than a date made up). ISO time in, words out,
 * in the given zone (default: the phone's own).
 */
export function deadlineLine(
  editdeadline: string,
  now: Date,
  timeZone?: string,
): { text: string; passed: boolean } | null {
  if (!editdeadline) return null;
  const at = new Date(editdeadline);
  if (Number.isNaN(at.getTime())) return null;
  const time = formatTimeWithZone(at, timeZone);
  return now >= at
    ? { text: progressMessages.closed(time), passed: true }
    : { text: progressMessages.deadline(time), passed: false };
}

/** What a save of a guest says: "Saved — Dana's link was emailed" when their link went out, else "Saved". */
export function savedNotice(answer: { guestname: string; linkemailed: boolean }): string {
  return answer.linkemailed ? progressMessages.savedLinkEmailed(answer.guestname) : progressMessages.saved;
}
