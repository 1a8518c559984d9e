import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { textOptouts } from '../db/schema';

/**
 * The standard keywords of US texting (CTIA; Twilio's defaults): a number that sends one of the
 * first is texted nothing more by the organization until it sends one of the second; the third asks
 * who is texting and how to reach them.
 */
export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const START_WORDS = ['START', 'YES', 'UNSTOP'] as const;
export const HELP_WORDS = ['HELP', 'INFO'] as const;

export type Keyword = { kind: 'stop' | 'start' | 'help'; word: string } | undefined;

/** The keyword a text is, if it is one: the whole message, any case, surrounding spaces and a final stop ignored. */
export function keywordOf(body: string): Keyword {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if ((STOP_WORDS as readonly string[]).includes(word)) return { kind: 'stop', word };
  if ((START_WORDS as readonly string[]).includes(word)) return { kind: 'start', word };
  if ((HELP_WORDS as readonly string[]).includes(word)) return { kind: 'help', word };
  return undefined;
}

export async function optOut(db: Db | Tx, organizationId: number, phone: string, word: string): Promise<void> {
  await db
    .insert(textOptouts)
    .values({ organizationId, phone, word })
    .onConflictDoUpdate({ target: [textOptouts.organizationId, textOptouts.phone], set: { word } });
}

export async function optIn(db: Db | Tx, organizationId: number, phone: string): Promise<void> {
  await db.delete(textOptouts).where(and(eq(textOptouts.organizationId, organizationId), eq(textOptouts.phone, phone)));
}

/** Which of these numbers (E.164) said STOP to the organization. */
export async function optedOut(db: Db | Tx, organizationId: number, phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await db
    .select({ phone: textOptouts.phone })
    .from(textOptouts)
    .where(and(eq(textOptouts.organizationId, organizationId), inArray(textOptouts.phone, phones)));
  return new Set(rows.map((r) => r.phone));
}
