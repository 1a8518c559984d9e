import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accounts, authLinks } from '../../db/schema';
import { Bounded } from '../../lib/bounded';
import type { SessionVersions } from '../../lib/tokens';

/**
 * How long this process trusts an account's session version it has read, when no word of a reset
 * reached it. A reset here updates the cache at once and tells the other processes through the
 * hub's Redis adapter (realtime/hub.ts); this is the bound if that word is lost (Redis down).
 */
const SESSION_VERSION_TTL_MS = 15_000;
/** Accounts whose version is kept; the least recently used is dropped first. */
const KEPT = 50_000;

interface Kept {
  version: number;
  /** When it was read from the database (this process's monotonic clock, not the app's). */
  readAt: number;
}

/**
 * The accounts' session versions as this process knows them: read from the database at most once
 * per SESSION_VERSION_TTL_MS per account (concurrent calls share the read), so the bid path pays a
 * map lookup, not a query. Versions only rise, so whatever is learnt or read keeps the highest.
 */
export class SessionVersionCache implements SessionVersions {
  private readonly kept = new Bounded<number, Kept>(KEPT);
  private readonly reading = new Map<number, Promise<number | undefined>>();
  constructor(
    private readonly db: Db,
    private readonly ttlMs = SESSION_VERSION_TTL_MS,
    private readonly monotonic: () => number = () => performance.now(),
  ) {}

  async current(accountId: number, seen: number): Promise<number | undefined> {
    const kept = this.kept.get(accountId);
    // A genuine token at version `seen` shows the account has reached it.
    if (kept && this.monotonic() - kept.readAt < this.ttlMs)
      return seen <= kept.version ? kept.version : this.raise(accountId, seen, kept.readAt);
    const read = await this.read(accountId);
    if (read === undefined) return undefined;
    return this.raise(accountId, Math.max(read, seen), this.monotonic());
  }

  learn(accountId: number, version: number): void {
    const kept = this.kept.get(accountId);
    this.raise(accountId, version, kept?.readAt ?? this.monotonic());
  }

  private raise(accountId: number, version: number, readAt: number): number {
    const kept = this.kept.get(accountId);
    const highest = Math.max(version, kept?.version ?? 0);
    this.kept.set(accountId, { version: highest, readAt: Math.max(readAt, kept?.readAt ?? 0) });
    return highest;
  }

  private read(accountId: number): Promise<number | undefined> {
    let pending = this.reading.get(accountId);
    if (!pending) {
      pending = this.db
        .select({ version: accounts.sessionVersion })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .then((rows) => rows[0]?.version)
        .finally(() => this.reading.delete(accountId));
      this.reading.set(accountId, pending);
    }
    return pending;
  }
}

/** An account whose sessions before `version` have ended. */
export interface Revoked {
  accountId: number;
  version: number;
}

/**
 * Ends every earlier session and emailed link of an account, in the transaction that changes its
 * password: raises its session version (tokens signed before now are refused) and voids its
 * unused links (sign-in, reset, verify: each would sign in). Answers the new version, which the
 * caller hands to `ctx.tokens.revoke` once the transaction has committed.
 */
export async function endSessions(tx: Tx, accountId: number): Promise<number> {
  const [row] = await tx
    .update(accounts)
    .set({ sessionVersion: sql`${accounts.sessionVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(accounts.id, accountId))
    .returning({ version: accounts.sessionVersion });
  if (!row) throw new Error(`no account ${accountId} to end the sessions of`);
  await tx.delete(authLinks).where(and(eq(authLinks.accountId, accountId), isNull(authLinks.usedAt)));
  return row.version;
}
