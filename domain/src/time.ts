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

// Building a formatter is far dearer than using one, and every item answer formats a time.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', hour12: true });
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

/** 'MM-DD-YYYY h:mm A', the spec's closing-time format, in the given zone (default: local). */
export function formatClosingTime(instant: Date | string, timeZone?: string): string {
  const p = partsIn(new Date(instant), timeZone);
  return `${p.month}-${p.day}-${p.year} ${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}`;
}

/** 'h:mm A' in the given zone (default: local), for times within the night such as a notice's. */
export function formatClock(instant: Date | string, timeZone?: string): string {
  const p = partsIn(new Date(instant), timeZone);
  return `${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}`;
}

/** A short zone label such as 'CST' or 'CDT' for an instant in a zone. */
export function zoneAbbreviation(instant: Date | string, timeZone: string): string {
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Time left: 'Xd Yh' when a day or more remains, otherwise 'Xh Ym'. Never negative. */
export function formatTimeLeft(ms: number): string {
  const left = Math.max(0, ms);
  if (left >= DAY) return `${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h`;
  return `${Math.floor(left / HOUR)}h ${Math.floor((left % HOUR) / MINUTE)}m`;
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
