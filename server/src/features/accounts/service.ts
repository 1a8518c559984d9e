import { cardOnFile } from '../payments/cards';
import { and, eq, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import type { SessionUser } from '@gavel/domain';
import { isDeliverableEmail, normalizeEmail, passwordError } from '@gavel/domain';
import type { Db, Tx } from '../../db/client';
import { accounts, bidders, events } from '../../db/schema';
import { AppError } from '../../errors';
import type { TokenService } from '../../lib/tokens';
import type { Tenant } from '../../tenancy';
import { type AccountRow, type BidderRow, presentSession } from './presenter';

const FIRST_BIDDER_NUMBER = 101;

export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function findAccount(db: Db | Tx, organizationId: number, email: string): Promise<AccountRow | undefined> {
  const rows = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.organizationId, organizationId), sql`lower(${accounts.email}) = ${normalizeEmail(email)}`))
    .limit(1);
  return rows[0];
}

export async function accountById(db: Db | Tx, organizationId: number, id: number): Promise<AccountRow | undefined> {
  const rows = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.organizationId, organizationId), eq(accounts.id, id)))
    .limit(1);
  return rows[0];
}

/**
 * The account's bidder record in this event, registering it when missing. The event row is
 * locked while a new display number is chosen, so two registrations never share a number.
 */
export async function ensureBidder(tx: Tx, tenant: Tenant, accountId: number): Promise<BidderRow> {
  const found = await tx
    .select()
    .from(bidders)
    .where(and(eq(bidders.eventId, tenant.event.id), eq(bidders.accountId, accountId)))
    .limit(1);
  if (found[0]) return found[0];
  await tx.select({ id: events.id }).from(events).where(eq(events.id, tenant.event.id)).for('update');
  const [top] = await tx
    .select({ n: sql<number | null>`max(${bidders.bidderdisplaynumber})` })
    .from(bidders)
    .where(eq(bidders.eventId, tenant.event.id));
  const next = Math.max(FIRST_BIDDER_NUMBER, (top?.n ?? 0) + 1);
  const [row] = await tx
    .insert(bidders)
    .values({ eventId: tenant.event.id, accountId, bidderdisplaynumber: next })
    .returning();
  if (!row) throw new Error('bidder insert returned nothing');
  return row;
}

export async function sessionFor(ctx: { tokens: TokenService; db: Db }, tenant: Tenant, account: AccountRow, bidder: BidderRow, now: Date): Promise<SessionUser> {
  const token = await ctx.tokens.sign(
    {
      userid: account.id,
      bidderid: bidder.id,
      email: account.email,
      eventcode: tenant.event.eventcode,
      auctioncode: tenant.organization.auctioncode,
      isguest: false,
    },
    now,
  );
  const hasCard = (await cardOnFile(ctx.db, tenant.event, bidder.id)) !== undefined;
  return presentSession(tenant, account, bidder, token, hasCard);
}

/** A guest's token of the event: read-only, for browsing and the live hub (POST /guestlogin, the display board). */
export function guestToken(tokens: TokenService, tenant: Tenant, now: Date): Promise<string> {
  return tokens.sign({ userid: 0, bidderid: 0, email: '', eventcode: tenant.event.eventcode, auctioncode: tenant.organization.auctioncode, isguest: true }, now);
}

/** Join screen: does this email have an account with the organization? */
export async function joinEmail(db: Db, tenant: Tenant, email: string): Promise<'exists' | 'doesnotexist'> {
  return (await findAccount(db, tenant.organization.id, email)) ? 'exists' : 'doesnotexist';
}

export async function createAccount(db: Db, tenant: Tenant, email: string, password: string): Promise<{ account: AccountRow; bidder: BidderRow }> {
  if (!isDeliverableEmail(email)) throw new AppError('bad_request', 'Please enter a valid email address.');
  const weak = passwordError(password);
  if (weak) throw new AppError('bad_request', weak);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    if (await findAccount(tx, tenant.organization.id, email))
      throw new AppError('conflict', 'An account with this email already exists. Please sign in.');
    const [account] = await tx
      .insert(accounts)
      .values({ organizationId: tenant.organization.id, email: email.trim(), passwordHash })
      .onConflictDoNothing()
      .returning();
    // Lost a race with the same email: the other request created it.
    if (!account) throw new AppError('conflict', 'An account with this email already exists. Please sign in.');
    const bidder = await ensureBidder(tx, tenant, account.id);
    return { account, bidder };
  });
}

const WRONG_LOGIN = 'The email or password is incorrect.';

export async function login(db: Db, tenant: Tenant, email: string, password: string): Promise<{ account: AccountRow; bidder: BidderRow }> {
  const account = await findAccount(db, tenant.organization.id, email);
  // Verify against a real hash either way, so a wrong email takes as long as a wrong password.
  const stored = account?.passwordHash ?? (await dummyHash());
  const ok = await verify(stored, password).catch(() => false);
  if (!account || !ok) throw new AppError('unauthorized', WRONG_LOGIN);
  const bidder = await db.transaction((tx) => ensureBidder(tx, tenant, account.id));
  return { account, bidder };
}

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hash('no account has this password'));
