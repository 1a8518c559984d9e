/**
 * The one time formatter. Times are instants (Date or ISO strings with an offset); the zone they
 * are shown in is the event's IANA zone on the server and the phone's own zone in the web app.
 */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'dayPeriod', string>;

/** The parts a closing time (and a clock time) is written from. */
export const CLOSING_TIME_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};

// Building a formatter is far dearer than using one, and every item answer formats a time.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone, ...CLOSING_TIME_PARTS });
    formatters.set(key, fmt);
  }
  return fmt;
}

function partsIn(instant: Date, timeZone: string | undefined): Parts {
  const fmt = formatterFor(timeZone);
  const out: Parts = { year: '', month: '', day: '', hour: '', minute: '', dayPeriod: '' };
  for (const p of fmt.formatToParts(instant)) {
    if (p.type in out) out[p.type as keyof Parts] = p.value;
  }
  return out;
}

/**
 * Closing times already written, by zone and minute: every item answer and live message formats
 * its item's close, and an event's items share a few closes, so the server formats each once
 * rather than once per bid. Since 1980 every zone's offset is whole minutes, so instants in the
 * same minute read the same; earlier ones (and the phone's own zone) are not kept.
 */
const closingTimes = new Map<string, string>();
const KEPT_SINCE = Date.UTC(1980, 0, 1);
const KEPT_AT_MOST = 2_000;

/** 'MM-DD-YYYY h:mm A', the spec's closing-time format, in the given zone (default: local). */
export function formatClosingTime(instant: Date | string, timeZone?: string): string {
  const at = new Date(instant);
  const ms = at.getTime();
  const key = timeZone !== undefined && ms >= KEPT_SINCE ? `${timeZone} ${Math.floor(ms / 60_000)}` : undefined;
  const kept = key === undefined ? undefined : closingTimes.get(key);
  if (kept !== undefined) return kept;
  const p = partsIn(at, timeZone);
  const text = `${p.month}-${p.day}-${p.year} ${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}`;
  if (key !== undefined) {
    if (closingTimes.size >= KEPT_AT_MOST) closingTimes.clear();
    closingTimes.set(key, text);
  }
  return text;
}

/** 'h:mm A' in the given zone (default: local), for times within the night such as a notice's. */
export function formatClock(instant: Date | string, timeZone?: string): string {
  const p = partsIn(new Date(instant), timeZone);
  return `${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}`;
}

/** A short zone label such as 'CST' or 'CDT' for an instant in a zone. */
const zoneNamers = new Map<string, Intl.DateTimeFormat>();
export function zoneAbbreviation(instant: Date | string, timeZone: string): string {
  let fmt = zoneNamers.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    zoneNamers.set(timeZone, fmt);
  }
  return fmt.formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/**
 * A time as a bidder reads it: the spec's 'MM-DD-YYYY h:mm A' followed by the zone's abbreviation
 * ('11-23-2026 9:17 PM CST'), in the given zone or the phone's own.
 */
export function formatTimeWithZone(instant: Date | string, timeZone?: string): string {
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `${formatClosingTime(instant, zone)} ${zoneAbbreviation(instant, zone)}`.trim();
}

// The long date of a day ('Saturday, December 5, 2026'), one formatter per zone as above.
const longDates = new Map<string, Intl.DateTimeFormat>();
function longDate(instant: Date, timeZone: string): string {
  let fmt = longDates.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    longDates.set(timeZone, fmt);
  }
  return fmt.format(instant);
}

const zoneOrLocal = (timeZone?: string) => timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A moment as a receipt says it: 'Saturday, December 5, 2026, 9:17 PM CST', in the given zone
 * (the event's on the server) or the phone's own.
 */
export function formatDateTime(instant: Date | string, timeZone?: string): string {
  const zone = zoneOrLocal(timeZone);
  const at = new Date(instant);
  return `${longDate(at, zone)}, ${formatClock(at, zone)} ${zoneAbbreviation(at, zone)}`.trim();
}

/** A span of time as two lines: the day it starts, and the times (with the end's own date when it ends on another day). */
export interface TimeSpanParts {
  date: string;
  time: string;
}

/**
 * When something happens, from its start to its optional end, in two parts: the start's date
 * ('Saturday, December 5, 2026') and the times ('7:00 PM – 11:00 PM CST'). An end at midnight ends
 * that evening; an end on another day carries its date ('7:00 PM – Sunday, December 6, 2026,
 * 1:00 AM CST'); each time names its zone when a clock change falls between them.
 */
export function timeSpanParts(
  starts: Date | string,
  ends: Date | string | null | undefined,
  timeZone?: string,
): TimeSpanParts {
  const zone = zoneOrLocal(timeZone);
  const from = new Date(starts);
  const date = longDate(from, zone);
  const startZone = zoneAbbreviation(from, zone);
  if (ends === null || ends === undefined || ends === '')
    return { date, time: `${formatClock(from, zone)} ${startZone}`.trim() };
  const to = new Date(ends);
  const endDay = longDate(to, zone);
  const endZone = zoneAbbreviation(to, zone);
  // An evening that ends at midnight ends that evening: '8:00 PM – 12:00 AM', not the next day's date.
  const sameDay = endDay === date || longDate(new Date(to.getTime() - 1), zone) === date;
  const start = `${formatClock(from, zone)}${startZone === endZone ? '' : ` ${startZone}`}`;
  const end = `${sameDay ? '' : `${endDay}, `}${formatClock(to, zone)} ${endZone}`.trim();
  return { date, time: `${start} – ${end}` };
}

/** The same on one line, as an invitation says it: 'Saturday, December 5, 2026, 7:00 PM – 11:00 PM CST'. */
export function formatTimeSpan(
  starts: Date | string,
  ends: Date | string | null | undefined,
  timeZone?: string,
): string {
  const { date, time } = timeSpanParts(starts, ends, timeZone);
  return `${date}, ${time}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Time left: 'Xd Yh' when a day or more remains, otherwise 'Xh Ym'. Never negative. */
export function formatTimeLeft(ms: number): string {
  const left = Math.max(0, ms);
  if (left >= DAY) return `${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h`;
  return `${Math.floor(left / HOUR)}h ${Math.floor((left % HOUR) / MINUTE)}m`;
}

/**
 * Time left in the fewest units, for a line read across a room: '1d 3h', '2h 15m', '12m', and in
 * the last minute '45s'. Rounded down like `formatTimeLeft`; never negative.
 */
export function formatTimeLeftShort(ms: number): string {
  const left = Math.max(0, ms);
  if (left >= HOUR) return formatTimeLeft(left);
  if (left >= MINUTE) return `${Math.floor(left / MINUTE)}m`;
  // The last second still says '1s': a line that reads '0s' before it reads 'Closed' looks broken.
  return `${left > 0 ? Math.max(1, Math.floor(left / 1000)) : 0}s`;
}

/** Bid age: 'Xd Yh Zm ago', or 'just now' within the first minute. */
export function formatAge(ms: number): string {
  const age = Math.max(0, ms);
  if (age < MINUTE) return 'just now';
  const d = Math.floor(age / DAY);
  const h = Math.floor((age % DAY) / HOUR);
  const m = Math.floor((age % HOUR) / MINUTE);
  return `${d}d ${h}h ${m}m ago`;
}

/** 'mm:ss' for the header countdown in the last hour. */
export function formatMinutesSeconds(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const mm = String(Math.floor(total / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/** Minutes left as a notice says them: '3 minutes', '1 minute'; rounded up, so never '0 minutes' before the close. */
export function formatMinutesLeft(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/* ---- Wall-clock times in an event's zone (the console's datetime-local inputs, the export's times) ---- */

const wallParts = new Map<string, Intl.DateTimeFormat>();
function wallFormat(zone: string): Intl.DateTimeFormat {
  let fmt = wallParts.get(zone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallParts.set(zone, fmt);
  }
  return fmt;
}

/** The wall clock of an instant in a zone, as milliseconds of a UTC date that reads the same. */
function wallClock(instant: Date, zone: string): number {
  const p: Record<string, number> = {};
  for (const part of wallFormat(zone).formatToParts(instant)) p[part.type] = Number(part.value);
  return Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
}

/** The zone's offset from UTC at an instant, in minutes (Chicago in winter: -360). */
function offsetMinutes(instant: Date, zone: string): number {
  const whole = new Date(Math.floor(instant.getTime() / 1000) * 1000);
  return Math.round((wallClock(whole, zone) - whole.getTime()) / 60_000);
}

const two = (n: number) => String(n).padStart(2, '0');

/** '-06:00' for -360 minutes. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/**
 * An instant as ISO-8601 with the zone's own offset ('2026-12-05T19:00:00-06:00'): how the export
 * and the settings answer write times, so an organizer reads them as the event's clock reads.
 */
export function isoInZone(instant: Date | string, zone: string): string {
  const at = new Date(instant);
  const wall = new Date(wallClock(at, zone)).toISOString().slice(0, 19);
  return `${wall}${offsetText(offsetMinutes(at, zone))}`;
}

/** An instant as a datetime-local input shows it in the event's zone: 'YYYY-MM-DDTHH:mm'. */
export function zonedInputValue(instant: Date | string, zone: string): string {
  return isoInZone(instant, zone).slice(0, 16);
}

/**
 * The instant at which the event's zone reads a datetime-local value ('YYYY-MM-DDTHH:mm'), as ISO
 * with the zone's offset; null when the value is not a date and time. A time a clock change skips
 * (2:30 on the spring-forward night) is read with the offset before the change (3:30 daylight time).
 */
export function instantFromZonedInput(local: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!m) return null;
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = m.slice(1).map((part) => Number(part ?? 0));
  const wanted = Date.UTC(y, mo - 1, d, h, mi, s);
  if (Number.isNaN(wanted) || new Date(wanted).getUTCDate() !== d) return null;
  // The zone's offset at a first guess, then at the answer (a clock change between them moves it).
  const guess = wanted - offsetMinutes(new Date(wanted), zone) * 60_000;
  const at = wanted - offsetMinutes(new Date(guess), zone) * 60_000;
  // In a skipped hour neither reads back as asked; the first guess is the later reading, as a clock would.
  return isoInZone(new Date(wallClock(new Date(at), zone) === wanted ? at : guess), zone);
}
