import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { Bounded } from './bounded';
import { z } from 'zod';
import { STAFF_TOKEN_HOURS } from '@gavel/domain';

/** What a login token says. Field names are the spec's decoded token: exp, isguest, eventcode, auctioncode. */
export const loginClaims = z.object({
  sub: z.string(),
  userid: z.number().int(),
  bidderid: z.number().int(),
  email: z.string(),
  eventcode: z.string(),
  auctioncode: z.string(),
  isguest: z.boolean(),
  /** The account's session version when signed; a token signed before the last password reset is revoked. Older tokens lack it: 0. */
  ver: z.number().int().nonnegative().default(0),
  /**
   * 'pay': signed by following a charge-all pay link, good only for paying (lib/pay-scope.ts lists
   * the calls that take it; every other call refuses it). Absent on an ordinary sign-in.
   */
  scope: z.literal('pay').optional(),
  exp: z.number(),
  iat: z.number(),
});
export type LoginClaims = z.infer<typeof loginClaims>;
/** What a login token is signed from; `ver` is the account's session version (0 for a guest or a new account). */
export type LoginSubject = Omit<LoginClaims, 'exp' | 'iat' | 'sub' | 'ver'> & { ver?: number };

/**
 * Each account's session version (accounts.session_version), raised by a password reset: a login
 * token signed at an older version has been revoked. `current` may answer from a cache; `seen` is
 * the version a genuine token carries, which the account has therefore reached.
 * `learn` keeps a version heard of (this process's reset, or another process's).
 */
export interface SessionVersions {
  current(accountId: number, seen: number): Promise<number | undefined>;
  learn(accountId: number, version: number): void;
}

/** Told when an account's earlier sessions end (the live hub drops its sockets and tells the other processes). */
export type RevocationListener = (accountId: number, version: number) => void;

export const LOGIN_TOKEN_DAYS = 14;
export const GUEST_TOKEN_DAYS = 2;
/** A pay link's session lasts an evening: following the link again signs another. */
export const PAY_TOKEN_HOURS = 12;

export type TokenCheck = { ok: true; claims: LoginClaims } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * What a store cart token says: its cart, event and organization. Its exp is the end of the cart's
 * hold (spec: the store cart token is held separately from the login token), so the two kinds can
 * never stand in for each other: each schema requires what the other lacks.
 */
export const cartClaims = z.object({
  typ: z.literal('cart'),
  cartid: z.number().int(),
  eventcode: z.string(),
  auctioncode: z.string(),
  exp: z.number(),
  iat: z.number(),
});
export type CartClaims = z.infer<typeof cartClaims>;
export type CartTokenCheck = Check<CartClaims>;

/**
 * What a registration token says: the purchase (store order) it opens, and for a guest's link the
 * one seat it opens. Exchanged for an emailed link's secret, it is of its own kind too.
 */
export const registrationClaims = z.object({
  typ: z.literal('registration'),
  orderid: z.number().int(),
  seatid: z.number().int().nullable(),
  /** For a guest's link: the person in the seat when it was opened (a seat given to someone else closes it). */
  personid: z.number().int().nullable(),
  eventcode: z.string(),
  auctioncode: z.string(),
  exp: z.number(),
  iat: z.number(),
});
export type RegistrationClaims = z.infer<typeof registrationClaims>;
export const REGISTRATION_TOKEN_HOURS = 12;

/**
 * What a display board's token says: its event, and nothing of anyone. It opens the event's room
 * of the live hub and nothing else: it has no login's claims (userid, bidderid, isguest), so
 * verify() refuses it and so does every call with guest or bidder access, whether or not the
 * event lets guests browse; and its `typ` is neither a cart's nor a registration's. `sub` is
 * random, so every screen's token is its own (the hub counts sockets per token).
 */
export const boardClaims = z.object({
  typ: z.literal('board'),
  sub: z.string(),
  eventcode: z.string(),
  auctioncode: z.string(),
  exp: z.number(),
  iat: z.number(),
});
export type BoardClaims = z.infer<typeof boardClaims>;
/** A board reloads its answer (and so its token) every few minutes; a token outlives many reloads that fail. */
export const BOARD_TOKEN_HOURS = 12;

/**
 * What a staff (console) token says: the staff member, their organization and the session version
 * it was signed at. Its `typ` is its own and it has none of a login's claims, so a staff token never
 * passes where a bidder's is asked for, nor the other way round. Revocation (removal, password reset)
 * is checked against the staff row on every console call (lib/staff-caller.ts).
 */
export const staffClaims = z.object({
  typ: z.literal('staff'),
  staffid: z.number().int(),
  auctioncode: z.string(),
  ver: z.number().int().nonnegative(),
  exp: z.number(),
  iat: z.number(),
});
export type StaffClaims = z.infer<typeof staffClaims>;

type Check<C> = { ok: true; claims: C } | { ok: false; reason: 'expired' | 'invalid' };
export type BoardTokenCheck = Check<BoardClaims>;

/** Verified tokens kept, per kind: a phone sends the same token with every call. */
const VERIFIED_KEPT = 20_000;

/**
 * Tokens already verified, with their claims, until they expire: checking a signature costs more
 * than the rest of a bid's work in this process. Only tokens that verified are kept (a flood of
 * made-up ones cannot fill it), at most VERIFIED_KEPT of them, the least recently used dropped first.
 */
class Verified<C extends { exp: number }> {
  private readonly tokens = new Bounded<string, C>(VERIFIED_KEPT);
  get(token: string, now: Date): Check<C> | undefined {
    const claims = this.tokens.get(token);
    if (!claims) return undefined;
    if (claims.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  }
  keep(token: string, claims: C): void {
    this.tokens.set(token, claims);
  }
}

export class TokenService {
  private readonly key: Uint8Array;
  private readonly logins = new Verified<LoginClaims>();
  private readonly listeners: RevocationListener[] = [];
  /**
   * Without `versions` (a unit test's bare service or hub) nothing is revoked; the app always
   * passes the accounts' (features/accounts/sessions.ts).
   */
  constructor(
    secret: string,
    private readonly versions?: SessionVersions,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(subject: LoginSubject, now: Date): Promise<string> {
    const claims = { ...subject, ver: subject.ver ?? 0 };
    const days = claims.isguest ? GUEST_TOKEN_DAYS : LOGIN_TOKEN_DAYS;
    const seconds = claims.scope === 'pay' ? PAY_TOKEN_HOURS * 3600 : days * 86_400;
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.isguest ? `guest:${randomBytes(8).toString('hex')}` : String(claims.userid))
      .setIssuedAt(iat)
      .setExpirationTime(iat + seconds)
      .sign(this.key);
  }

  /** A cart token that lasts until `expires` (the hold's end). */
  async signCart(
    claims: Pick<CartClaims, 'cartid' | 'eventcode' | 'auctioncode'>,
    now: Date,
    expires: Date,
  ): Promise<string> {
    return new SignJWT({ ...claims, typ: 'cart' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expires.getTime() / 1000))
      .sign(this.key);
  }

  async verifyCart(token: string, now: Date): Promise<CartTokenCheck> {
    return this.verifyAs(cartClaims, token, now);
  }

  /** A registration token for a purchase (seatid null) or one guest's seat. */
  async signRegistration(
    claims: Pick<RegistrationClaims, 'orderid' | 'seatid' | 'personid' | 'eventcode' | 'auctioncode'>,
    now: Date,
  ): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ ...claims, typ: 'registration' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + REGISTRATION_TOKEN_HOURS * 3600)
      .sign(this.key);
  }

  async verifyRegistration(token: string, now: Date): Promise<Check<RegistrationClaims>> {
    return this.verifyAs(registrationClaims, token, now);
  }

  /** A display board's token for the live hub's event room (GET /displayboard). */
  async signBoard(claims: Pick<BoardClaims, 'eventcode' | 'auctioncode'>, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ ...claims, typ: 'board' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(`board:${randomBytes(8).toString('hex')}`)
      .setIssuedAt(iat)
      .setExpirationTime(iat + BOARD_TOKEN_HOURS * 3600)
      .sign(this.key);
  }

  async verifyBoard(token: string, now: Date): Promise<BoardTokenCheck> {
    return this.verifyAs(boardClaims, token, now);
  }

  /** A console session's token: STAFF_TOKEN_HOURS long. */
  async signStaff(claims: Pick<StaffClaims, 'staffid' | 'auctioncode' | 'ver'>, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ ...claims, typ: 'staff' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(`staff:${claims.staffid}`)
      .setIssuedAt(iat)
      .setExpirationTime(iat + STAFF_TOKEN_HOURS * 3600)
      .sign(this.key);
  }

  async verifyStaff(token: string, now: Date): Promise<Check<StaffClaims>> {
    return this.verifyAs(staffClaims, token, now);
  }

  /**
   * A login token signed by us, unexpired, and not revoked. A revoked token answers as an expired
   * one does (the app then signs out). The revocation check runs every time, kept token or not.
   */
  async verify(token: string, now: Date): Promise<TokenCheck> {
    let check = this.logins.get(token, now);
    if (!check) {
      check = await this.verifyAs(loginClaims, token, now);
      if (check.ok) this.logins.keep(token, check.claims);
    }
    if (!check.ok || check.claims.isguest || !this.versions) return check;
    const current = await this.versions.current(check.claims.userid, check.claims.ver);
    if (current === undefined) return { ok: false, reason: 'invalid' };
    return check.claims.ver < current ? { ok: false, reason: 'expired' } : check;
  }

  /**
   * An account's sessions before `version` have ended (its password was reset and the new
   * version committed): this process refuses them at once, and the listeners (the live hub) drop
   * the account's sockets and tell the other processes.
   */
  revoke(accountId: number, version: number): void {
    this.versions?.learn(accountId, version);
    for (const listener of this.listeners) listener(accountId, version);
  }

  /** Another process revoked: only this process's cache learns it. */
  learnRevoked(accountId: number, version: number): void {
    this.versions?.learn(accountId, version);
  }

  onRevoke(listener: RevocationListener): void {
    this.listeners.push(listener);
  }

  /** A token signed by us, unexpired, and of the kind the schema describes (each kind requires what the others lack). */
  private async verifyAs<C>(schema: z.ZodType<C>, token: string, now: Date): Promise<Check<C>> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now });
      const parsed = schema.safeParse(payload);
      return parsed.success ? { ok: true, claims: parsed.data } : { ok: false, reason: 'invalid' };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

/** A random secret for an emailed link, and the hash that is all the database keeps of it. */
export function newLinkSecret(): { secret: string; hash: string } {
  const secret = randomBytes(24).toString('base64url');
  return { secret, hash: hashLinkSecret(secret) };
}

export function hashLinkSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
