import { and, eq, isNull, sql } from 'drizzle-orm';
import { passwordError } from '@gavel/domain';
import type { Db, Tx } from '../../db/client';
import { accounts, authLinks } from '../../db/schema';
import { AppError } from '../../errors';
import { hashLinkSecret, newLinkSecret } from '../../lib/tokens';
import { enqueueMail } from '../../mail/outbox';
import { forgotPasswordMail, resetPasswordMail, verificationMail, type MailBrand } from '../../mail/templates';
import type { Tenant } from '../../tenancy';
import { accountAttemptMail } from '../../mail/account-mails';
import type { AccountRow } from './presenter';
import { findAccount, hashPassword } from './service';
import { endSessions, type Revoked } from './sessions';

type LinkKind = 'verify' | 'reset' | 'login';
const LIFETIME_MINUTES: Record<LinkKind, number> = { verify: 7 * 24 * 60, reset: 60, login: 30 };

const brandOf = (tenant: Tenant): MailBrand => ({
  eventname: tenant.event.eventname,
  organizationname: tenant.organization.name,
});

/** The web app's page for each kind of link, under the event (the console's badges print the sign-in one). */
export function linkUrl(origin: string, tenant: Tenant, kind: LinkKind, secret: string): string {
  const base = `${origin}/${tenant.event.eventcode}`;
  if (kind === 'verify') return `${base}/verify/${secret}`;
  if (kind === 'reset') return `${base}/auth/resetPassword/${secret}`;
  return `${base}/auth/passwordlessLogin/${secret}`;
}

/** Who a link mail is for and when: the event it signs in to, the time, and the origin its links point at. */
interface LinkMailing {
  tenant: Tenant;
  now: Date;
  /** From ctx.site (lib/site.ts), never the request's Host. */
  origin: string;
}

export async function newLink(
  tx: Tx,
  { tenant, accountId, kind, now, origin }: LinkMailing & { accountId: number; kind: LinkKind },
): Promise<string> {
  const { secret, hash } = newLinkSecret();
  await tx.insert(authLinks).values({
    kind,
    tokenHash: hash,
    accountId,
    eventId: tenant.event.id,
    expiresAt: new Date(now.getTime() + LIFETIME_MINUTES[kind] * 60_000),
  });
  return linkUrl(origin, tenant, kind, secret);
}

export async function sendVerification(
  tx: Tx,
  { account, ...mailing }: LinkMailing & { account: AccountRow },
): Promise<void> {
  const { tenant } = mailing;
  const url = await newLink(tx, { ...mailing, accountId: account.id, kind: 'verify' });
  await enqueueMail(
    tx,
    { organizationId: tenant.organization.id, eventId: tenant.event.id, to: account.email },
    verificationMail(brandOf(tenant), url),
  );
}

/**
 * Forgot password: a sign-in link and a new-password link by email. The answer is the same whether
 * or not the email has an account, so the call reveals nothing the join step does not.
 */
export async function sendForgotPassword(
  db: Db,
  { email, only, ...mailing }: LinkMailing & { email: string; only: 'both' | 'reset' },
): Promise<void> {
  const { tenant } = mailing;
  await db.transaction(async (tx) => {
    const account = await findAccount(tx, tenant.organization.id, email);
    if (!account) return;
    const resetUrl = await newLink(tx, { ...mailing, accountId: account.id, kind: 'reset' });
    const recipient = { organizationId: tenant.organization.id, eventId: tenant.event.id, to: account.email };
    if (only === 'reset') {
      await enqueueMail(tx, recipient, resetPasswordMail(brandOf(tenant), resetUrl));
      return;
    }
    const loginUrl = await newLink(tx, { ...mailing, accountId: account.id, kind: 'login' });
    await enqueueMail(tx, recipient, forgotPasswordMail(brandOf(tenant), loginUrl, resetUrl));
  });
}

/** The owner of an email that has an account hears that someone tried to create another with it, with a sign-in link. */
export async function sendAttemptNotice(db: Db, { email, ...mailing }: LinkMailing & { email: string }): Promise<void> {
  const { tenant } = mailing;
  await db.transaction(async (tx) => {
    const account = await findAccount(tx, tenant.organization.id, email);
    if (!account) return;
    const loginUrl = await newLink(tx, { ...mailing, accountId: account.id, kind: 'login' });
    await enqueueMail(
      tx,
      { organizationId: tenant.organization.id, eventId: tenant.event.id, to: account.email },
      accountAttemptMail(brandOf(tenant), loginUrl),
    );
  });
}

export interface UsedLink {
  accountId: number;
  eventId: number;
}

const LINK_MESSAGES: Record<LinkKind, { expired: string; used: string }> = {
  verify: {
    expired: 'This verification link has expired. Please log in to get a new one.',
    used: 'This verification link has already been used. Please log in.',
  },
  reset: {
    expired: 'This password link has expired. Please ask for a new one.',
    used: 'This password link has already been used. Please ask for a new one.',
  },
  login: {
    expired: 'This login link has expired. Please ask for a new one.',
    used: 'This login link has already been used. Please ask for a new one.',
  },
};

/**
 * Spends a one-time link: it must exist for this kind, be unused and unexpired. It is marked used
 * in the same statement that checks it, so two clicks at once spend it once.
 */
export async function spendLink(tx: Tx, kind: LinkKind, secret: string, now: Date): Promise<UsedLink> {
  const tokenHash = hashLinkSecret(secret);
  const [row] = await tx
    .select()
    .from(authLinks)
    .where(and(eq(authLinks.tokenHash, tokenHash), eq(authLinks.kind, kind)))
    .limit(1);
  if (!row) throw new AppError('expired', LINK_MESSAGES[kind].expired);
  if (row.usedAt) throw new AppError('expired', LINK_MESSAGES[kind].used);
  if (row.expiresAt <= now) throw new AppError('expired', LINK_MESSAGES[kind].expired);
  const spent = await tx
    .update(authLinks)
    .set({ usedAt: now })
    .where(and(eq(authLinks.id, row.id), isNull(authLinks.usedAt)))
    .returning({ id: authLinks.id });
  if (spent.length === 0) throw new AppError('expired', LINK_MESSAGES[kind].used);
  return { accountId: row.accountId, eventId: row.eventId };
}

/** What following a verify or sign-in link did to its account. */
export interface Proved {
  account: AccountRow;
  /** Set when the link claimed a never-verified account: its earlier sessions ended (hand to ctx.tokens.revoke after commit). */
  claimed?: Revoked;
}

/**
 * Following a verify or sign-in link proves the mailbox. Anyone may create an account with
 * someone else's email and a password of their own, so the first proof of a never-verified
 * account is its owner claiming it: every earlier session and link ends, and the password set
 * before it stops working (the owner chooses one, or signs in by link until then). The one
 * exception is the phone that created the account showing its own session with the link
 * (`shownBy`, the account id of the caller's login token): whoever holds both the creator's
 * session and the mailbox set that password, so nothing is taken from anyone.
 */
export async function proveMailbox(tx: Tx, accountId: number, shownBy: number | undefined): Promise<Proved> {
  const [current] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
  if (!current) throw new AppError('expired', 'This link is no longer valid.');
  if (current.emailVerified || shownBy === accountId) return { account: await markVerified(tx, accountId) };
  const version = await endSessions(tx, accountId);
  const [account] = await tx
    .update(accounts)
    .set({ emailVerified: true, passwordHash: null, updatedAt: sql`now()` })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!account) throw new AppError('expired', 'This link is no longer valid.');
  return { account, claimed: { accountId, version } };
}

/** Following an emailed link proves the address, so it also verifies the account. */
async function markVerified(tx: Tx, accountId: number): Promise<AccountRow> {
  const [account] = await tx
    .update(accounts)
    .set({ emailVerified: true, updatedAt: sql`now()` })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!account) throw new AppError('expired', 'This link is no longer valid.');
  return account;
}

/**
 * Sets a new password by an emailed link, ending the account's earlier sessions and links in the
 * same transaction. Answers what to hand to `ctx.tokens.revoke` once it has committed.
 */
export async function resetPasswordByLink(db: Db, secret: string, password: string, now: Date): Promise<Revoked> {
  const weak = passwordError(password);
  if (weak) throw new AppError('bad_request', weak);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const link = await spendLink(tx, 'reset', secret, now);
    await markVerified(tx, link.accountId);
    await tx
      .update(accounts)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(accounts.id, link.accountId));
    return { accountId: link.accountId, version: await endSessions(tx, link.accountId) };
  });
}
