import { cardOnFile } from '../payments/cards';
import { and, eq, sql } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../../lib/passwords';
import type { SessionUser } from '@gavel/domain';
import { isDeliverableEmail, normalizeEmail, passwordError } from '@gavel/domain';
import type { Db, Tx } from '../../db/client';
import { accounts, bidderNumbersUsed, bidders, events } from '../../db/schema';
import { AppError } from '../../errors';
import type { TokenService } from '../../lib/tokens';
import type { Tenant } from '../../tenancy';
import { type AccountRow, type BidderRow, presentSession } from './presenter';

const FIRST_BIDDER_NUMBER = 101;

export { hashPassword };

export async function findAccount(db: Db | Tx, organizationId: number, email: string): Promise<AccountRow | undefined> {
  const rows = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.organizationId, organizationId), sql`lower(${accounts.email}) = ${normalizeEmail(email)}`))
    .limit(1);
  return rows[0];
}

/**
 * Takes the event's row lock that bidder numbers are given under: registrations and the console's
 * number changes wait for each other, so two people never get one number. NO KEY UPDATE: they
 * wait for each other, not for writes that merely reference the event.
 */
export async function lockBidderNumbers(tx: Tx, eventId: number): Promise<void> {
  await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('no key update');
}

/**
 * The next bidder number of the event: past every number anyone has or had there (a number is
 * never given to another person), from 101. Read under lockBidderNumbers.
 */
export async function nextBidderNumber(db: Db | Tx, eventId: number): Promise<number> {
  // greatest() passes over nulls: an event without bidders, or numbers of bidders made before the log.
  const [top] = await db
    .select({
      n: sql<number | null>`greatest(max(${bidders.bidderdisplaynumber}),
        (select max(${bidderNumbersUsed.number}) from ${bidderNumbersUsed} where ${bidderNumbersUsed.eventId} = ${eventId}))`,
    })
    .from(bidders)
    .where(eq(bidders.eventId, eventId));
  return Math.max(FIRST_BIDDER_NUMBER, Number(top?.n ?? 0) + 1);
}

/** Notes that a person was given a number in the event (theirs for good: see bidderNumbersUsed). */
export async function recordBidderNumber(
  tx: Tx,
  { eventId, number, accountId }: { eventId: number; number: number; accountId: number },
): Promise<void> {
  await tx.insert(bidderNumbersUsed).values({ eventId, number, accountId }).onConflictDoNothing();
}

/**
 * The account's bidder record in this event, registering it when missing. Registrations of an
 * event take its row lock one at a time while a new display number is chosen, so two accounts
 * never share a number; a double tap (many first registrations of one account at once) reads again
 * once it holds the lock and answers the bidder the first one registered. Nothing here raises a
 * unique violation, which on PostgreSQL would abort the caller's transaction. A new bidder gets
 * `number` when the caller chose one (checked free under the same lock), else the next number.
 */
export async function ensureBidder(tx: Tx, tenant: Tenant, accountId: number, number?: number): Promise<BidderRow> {
  const eventId = tenant.event.id;
  const mine = async () =>
    (
      await tx
        .select()
        .from(bidders)
        .where(and(eq(bidders.eventId, eventId), eq(bidders.accountId, accountId)))
        .limit(1)
    )[0];
  const found = await mine();
  if (found) return found;
  await lockBidderNumbers(tx, eventId);
  // Read again under the lock: each statement sees what committed before it (READ COMMITTED).
  const registered = await mine();
  if (registered) return registered;
  const given = number ?? (await nextBidderNumber(tx, eventId));
  const [row] = await tx
    .insert(bidders)
    .values({ eventId, accountId, bidderdisplaynumber: given })
    .onConflictDoNothing({ target: [bidders.eventId, bidders.accountId] })
    .returning();
  if (row) await recordBidderNumber(tx, { eventId, number: given, accountId });
  const bidder = row ?? (await mine());
  if (!bidder) throw new Error('bidder insert returned nothing');
  return bidder;
}

/** A signed-in session: a new token for the bidder of the event, and the user as the calls answer it. */
export async function sessionFor(
  ctx: { tokens: TokenService; db: Db },
  { tenant, account, bidder, now }: { tenant: Tenant; account: AccountRow; bidder: BidderRow; now: Date },
): Promise<SessionUser> {
  const token = await ctx.tokens.sign(
    {
      userid: account.id,
      bidderid: bidder.id,
      email: account.email,
      eventcode: tenant.event.eventcode,
      auctioncode: tenant.organization.auctioncode,
      isguest: false,
      // The version read with the account: a reset after this read revokes the token too.
      ver: account.sessionVersion,
    },
    now,
  );
  const hasCard = (await cardOnFile(ctx.db, tenant.event, bidder.id)) !== undefined;
  return presentSession({ tenant, account, bidder, token, hasCard });
}

/** A guest's token of the event: read-only, for browsing and the live hub (POST /guestlogin). */
export function guestToken(tokens: TokenService, tenant: Tenant, now: Date): Promise<string> {
  return tokens.sign(
    {
      userid: 0,
      bidderid: 0,
      email: '',
      eventcode: tenant.event.eventcode,
      auctioncode: tenant.organization.auctioncode,
      isguest: true,
    },
    now,
  );
}

/** Join screen: does this email have an account with the organization? */
export async function joinEmail(db: Db, tenant: Tenant, email: string): Promise<'exists' | 'doesnotexist'> {
  return (await findAccount(db, tenant.organization.id, email)) ? 'exists' : 'doesnotexist';
}

/**
 * Create account. An email that already has an account is answered as a sign-in would be, so
 * Create says no more than Login does: the account's own password signs in (a double-tapped Create
 * answers the same session twice), any other is refused with the sign-in's message. Either way one
 * hash and one verification are done, so the branches take alike. `created` says whether to send
 * the verification email.
 */
export async function createAccount(
  db: Db,
  tenant: Tenant,
  email: string,
  password: string,
): Promise<SignedIn & { created: boolean }> {
  if (!isDeliverableEmail(email)) throw new AppError('bad_request', 'Please enter a valid email address.');
  const weak = passwordError(password);
  if (weak) throw new AppError('bad_request', weak);
  const passwordHash = await hashPassword(password);
  const existing = await findAccount(db, tenant.organization.id, email);
  if (existing) return { ...(await signInWith(db, tenant, existing, password)), created: false };
  await passwordMatches(undefined, password);
  const made = await db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ organizationId: tenant.organization.id, email: email.trim(), passwordHash })
      .onConflictDoNothing()
      .returning();
    return account ? { account, bidder: await ensureBidder(tx, tenant, account.id) } : undefined;
  });
  if (made) return { ...made, created: true };
  // Lost a race with the same email (a double tap): the other request made the account.
  return {
    ...(await signInWith(db, tenant, await findAccount(db, tenant.organization.id, email), password)),
    created: false,
  };
}

const WRONG_LOGIN = 'The email or password is incorrect.';

interface SignedIn {
  account: AccountRow;
  bidder: BidderRow;
}

/** Checks the password against a real hash either way, so a wrong email takes as long as a wrong password. */
async function passwordMatches(account: AccountRow | undefined, password: string): Promise<boolean> {
  const stored = account?.passwordHash ?? (await dummyHash());
  return verify(stored, password).catch(() => false);
}

/** Signs in to the event with the account's password, registering the bidder when new to it. */
async function signInWith(
  db: Db,
  tenant: Tenant,
  account: AccountRow | undefined,
  password: string,
): Promise<SignedIn> {
  const ok = await passwordMatches(account, password);
  if (!account || !ok) throw new AppError('unauthorized', WRONG_LOGIN);
  const bidder = await db.transaction((tx) => ensureBidder(tx, tenant, account.id));
  return { account, bidder };
}

export async function login(db: Db, tenant: Tenant, email: string, password: string): Promise<SignedIn> {
  return signInWith(db, tenant, await findAccount(db, tenant.organization.id, email), password);
}

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword('no account has this password'));
