import type { PasswordHashing } from './lib/passwords';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ACCOUNT_SID, AUTH_TOKEN, E164, MESSAGING_SERVICE_SID, textingMessages } from '@gavel/domain';
import { publicUrlProblem } from './lib/site';
import { keepPrivate } from './lib/private-dir';
import {
  defaultVapidSubject,
  keptVapidText,
  newVapidKeys,
  parseKeptVapid,
  type Vapid,
  vapidKeysProblem,
  vapidSubjectProblem,
} from './push/vapid';

/**
 * Configuration, read once at start from the environment. Anything wrong stops the process with a
 * message naming the variable. Secrets that are not given are generated once and kept in DATA_DIR.
 */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /** The address people reach (links, QR codes): one address, or one per organization with {auctioncode}; see lib/site.ts. */
  PUBLIC_URL: optionalString.pipe(
    z
      .string()
      .superRefine((url, ctx) => {
        const problem = publicUrlProblem(url);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  ),
  DEFAULT_AUCTION_CODE: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be lowercase letters, digits, - or _')
    .default('demo'),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  RATE_LIMIT_GUEST_TOKENS_PER_MINUTE: z.coerce.number().int().min(1).default(30_000),
  /** Import the demo event into an empty database; in production only when set to true explicitly. */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** In production, events may take the test gateway (processor code 1: no money moves) only when this is true. */
  ALLOW_TEST_PAYMENTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_DIST: z.string().optional(),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Gavel <no-reply@gavel.localhost>'),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  /** Server processes on this machine (server/src/cluster.ts): a number, or auto for one per core. */
  PROCESSES: z
    .string()
    .regex(/^(auto|[1-9]\d{0,2})$/, 'must be a number of processes (1, 2, ...) or auto (one per core)')
    .default('1')
    .transform((v) => (v === 'auto' ? availableParallelism() : Number(v))),
  /** Where the Stripe client connects; only for tests and local fakes (the default is Stripe's own API). */
  STRIPE_API_URL: optionalString.pipe(z.url('must be an absolute URL such as http://127.0.0.1:12111').optional()),
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The server's own Twilio account, for organizations without one of their own (server/src/texts). */
  TWILIO_ACCOUNT_SID: optionalString.pipe(z.string().regex(ACCOUNT_SID, textingMessages.accountsid).optional()),
  TWILIO_AUTH_TOKEN: optionalString.pipe(z.string().regex(AUTH_TOKEN, textingMessages.authtoken).optional()),
  TWILIO_FROM: optionalString.pipe(z.string().regex(E164, textingMessages.e164).optional()),
  TWILIO_MESSAGING_SERVICE_SID: optionalString.pipe(
    z.string().regex(MESSAGING_SERVICE_SID, textingMessages.messagingservicesid).optional(),
  ),
  /** Where the Twilio client connects; only for tests and local fakes (the default is Twilio's own API). */
  TWILIO_API_URL: optionalString.pipe(z.url('must be an absolute URL such as http://127.0.0.1:12112').optional()),
  /**
   * Texts a second, per server process. One a second is what a single US long-code number may send
   * (Twilio queues the rest, and our statuses would then lag); raise it for a messaging service
   * with several numbers, a toll-free number (3) or a short code (100).
   */
  TEXT_RATE_PER_SECOND: z.coerce.number().positive().max(1000).default(1),
  /** Web Push's key pair (push/vapid.ts): both or neither; without them a pair is made once and kept in DATA_DIR. */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Hours between the automatic backups of the embedded database (features/backup); 0 turns them off. */
  BACKUP_EVERY_HOURS: z
    .string()
    .regex(
      /^\d{1,4}$/,
      'must be a whole number of hours (24 for a daily backup), or 0 to turn the automatic backup off',
    )
    .default('24')
    .transform(Number)
    .pipe(z.number().max(8760, 'must be at most 8760 hours (a year)')),
  /** How many backups DATA_DIR/backups keeps: the automatic backup removes older ones. */
  BACKUP_KEEP: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, 'must be a whole number of backups to keep, at least 1')
    .default('7')
    .transform(Number),
  /** Who runs the server, for the push services: mailto: or https:; by default PUBLIC_URL or MAIL_FROM's address. */
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .superRefine((subject, ctx) => {
        const problem = vapidSubjectProblem(subject);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  ),
});

/** The server's Twilio account from the environment: all of it or none of it, so a typo fails at start. */
function twilioAccountOf(e: z.infer<typeof envSchema>): TwilioAccount | undefined {
  const given = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM, e.TWILIO_MESSAGING_SERVICE_SID];
  if (given.every((v) => v === undefined)) return undefined;
  const missing = [
    e.TWILIO_ACCOUNT_SID ? '' : '  TWILIO_ACCOUNT_SID: required with the other TWILIO_ variables',
    e.TWILIO_AUTH_TOKEN ? '' : '  TWILIO_AUTH_TOKEN: required with TWILIO_ACCOUNT_SID',
    e.TWILIO_FROM || e.TWILIO_MESSAGING_SERVICE_SID
      ? ''
      : '  TWILIO_FROM: give the sending number, or TWILIO_MESSAGING_SERVICE_SID',
  ].filter(Boolean);
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  return {
    accountsid: e.TWILIO_ACCOUNT_SID ?? '',
    authtoken: e.TWILIO_AUTH_TOKEN ?? '',
    // A messaging service picks its own number: it wins when both are given.
    fromnumber: e.TWILIO_MESSAGING_SERVICE_SID ? '' : (e.TWILIO_FROM ?? ''),
    messagingservicesid: e.TWILIO_MESSAGING_SERVICE_SID ?? '',
  };
}

/** A Twilio account that sends texts: the organization's own (text_settings) or the server's. */
export interface TwilioAccount {
  accountsid: string;
  authtoken: string;
  /** The sending number (E.164), or '' when a messaging service sends. */
  fromnumber: string;
  messagingservicesid: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  defaultAuctionCode: string;
  jwtSecret: string;
  adminToken: string;
  /** True when ADMIN_TOKEN was generated here rather than given, so start prints it. */
  adminTokenGenerated: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  nodeEnv: z.infer<typeof envSchema>['NODE_ENV'];
  /** Calls a minute per signed-in token (bidder, guest, cart or registration). */
  rateLimitPerMinute: number;
  /** Calls a minute per address without a valid token: a venue's phones share one address. */
  rateLimitAnonymousPerMinute: number;
  /** Calls a minute per address, all together, made with tokens minted without an account (guest, store cart). */
  rateLimitGuestTokensPerMinute: number;
  seedDemo: boolean;
  /**
   * Whether events may pay through the test gateway (processor code 1), where the client chooses the
   * card's outcome and no money moves: always outside production, in production only with
   * ALLOW_TEST_PAYMENTS=true.
   */
  testPaymentsAllowed: boolean;
  /** How passwords are hashed (lib/passwords.ts): cheaper in the test suite only. */
  passwordHashing: PasswordHashing;
  /** SMTP server for email; absent means mail stays in the outbox (see /dev/mailbox). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Redis for the live hub across several processes; absent means one process. */
  redisUrl: string | undefined;
  /** Server processes sharing the port; more than one needs DATABASE_URL and REDIS_URL. */
  processes: number;
  /** Behind a load balancer: take the client address and host from X-Forwarded-* headers. */
  trustProxy: boolean;
  /** The Stripe API's address, when not Stripe's own (tests and local fakes). */
  stripeApiUrl: string | undefined;
  /** How long a checkout waits for Stripe before leaving the charge to the webhook or reconciliation. */
  stripeTimeoutMs: number;
  /** The built web app; absent in tests that only exercise the API. */
  webDist: string | undefined;
  /** The server's Twilio account (TWILIO_*); absent means only organizations' own accounts send texts. */
  twilio: TwilioAccount | undefined;
  /** The Twilio API's address, when not Twilio's own (tests and local fakes). */
  twilioApiUrl: string | undefined;
  /** Texts sent a second, at most, by each server process. */
  textRatePerSecond: number;
  /** Web Push's VAPID keys and subject (push/vapid.ts). */
  vapid: Vapid;
  /** Hours between automatic backups of the embedded database; 0 means none. */
  backupEveryHours: number;
  /** Backups DATA_DIR/backups keeps (the newest). */
  backupKeep: number;
}

export class ConfigError extends Error {}

/** The files in DATA_DIR that hold the secrets generated here: a backup carries them (features/backup). */
export const KEPT_SECRETS = { jwt: 'jwt-secret', admin: 'admin-token', vapid: 'vapid-keys' } as const;

/** The environment's variables with a value: an empty one (PORT= in a compose file) means unset, not zero or an empty name. */
const givenIn = (env: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));

function invalid(error: z.ZodError): ConfigError {
  const lines = error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  return new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Where the data lives. */
export type StorageConfig = Pick<Config, 'dataDir' | 'databaseUrl'>;

/**
 * DATA_DIR and DATABASE_URL, read through the same schema as loadConfig but without generating
 * secrets or touching DATA_DIR: `npm run restore` must find DATA_DIR as it was, to put the backup's
 * secrets back rather than clash with new ones made a moment before.
 */
export function loadStorageConfig(env: Record<string, string | undefined> = process.env): StorageConfig {
  const parsed = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(givenIn(env));
  if (!parsed.success) throw invalid(parsed.error);
  return { dataDir: resolve(parsed.data.DATA_DIR), databaseUrl: parsed.data.DATABASE_URL };
}

/**
 * The admin token a server on DATA_DIR has (ADMIN_TOKEN, or the one kept in DATA_DIR), for the
 * commands that call that server; read only: a command must not leave a secret of its own behind.
 * Undefined when neither is there.
 */
export function loadAdminToken(env: Record<string, string | undefined> = process.env): string | undefined {
  const parsed = envSchema.pick({ DATA_DIR: true, ADMIN_TOKEN: true }).safeParse(givenIn(env));
  if (!parsed.success) throw invalid(parsed.error);
  if (parsed.data.ADMIN_TOKEN) return parsed.data.ADMIN_TOKEN;
  const kept = join(resolve(parsed.data.DATA_DIR), KEPT_SECRETS.admin);
  return existsSync(kept) ? readFileSync(kept, 'utf8').trim() : undefined;
}

/** A secret kept in DATA_DIR: read when there, generated and written once when not. */
function keptSecret({
  variable,
  dataDir,
  file,
  bytes,
  minLength,
  make = () => randomBytes(bytes).toString('base64url'),
}: {
  /** The variable that would give it instead, named in errors. */
  variable: string;
  dataDir: string;
  file: string;
  /** Random bytes in a generated secret. */
  bytes: number;
  /** Shorter than this, a kept secret is refused. */
  minLength: number;
  /** Makes the secret when it is not kept yet; `bytes` random bytes unless given. */
  make?: () => string;
}): string {
  const path = join(dataDir, file);
  if (!existsSync(path)) {
    const value = make();
    try {
      // 'wx': when two processes start together on one DATA_DIR, the first write wins and both read it.
      writeFileSync(path, value + '\n', { mode: 0o600, flag: 'wx' });
      return value;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new ConfigError(
          `Invalid configuration:\n  ${variable}: cannot write ${path} (${(err as Error).message})`,
        );
    }
  }
  const value = readFileSync(path, 'utf8').trim();
  // An emptied or truncated file must not become a guessable signing key or admin token.
  if (value.length < minLength)
    throw new ConfigError(
      `Invalid configuration:\n  ${variable}: the secret kept in ${path} is shorter than ${minLength} characters; delete the file to generate a new one, or set ${variable}`,
    );
  return value;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(givenIn(env));
  if (!parsed.success) throw invalid(parsed.error);
  const e = parsed.data;
  const twilio = twilioAccountOf(e);
  // Links are built from configuration only (lib/site.ts): without PUBLIC_URL they would point
  // at localhost, which no phone reaches.
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL)
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: required in production: the address people open, such as https://auction.example.org, or https://{auctioncode}.gavel.example for one name per organization',
    );
  const dataDir = resolve(e.DATA_DIR);
  try {
    keepPrivate(dataDir);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  DATA_DIR: cannot create ${dataDir} (${(err as Error).message})`);
  }
  const jwtSecret =
    e.JWT_SECRET ?? keptSecret({ variable: 'JWT_SECRET', dataDir, file: KEPT_SECRETS.jwt, bytes: 48, minLength: 32 });
  const adminToken =
    e.ADMIN_TOKEN ??
    keptSecret({ variable: 'ADMIN_TOKEN', dataDir, file: KEPT_SECRETS.admin, bytes: 24, minLength: 16 });
  const vapid = vapidOf(e, dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    defaultAuctionCode: e.DEFAULT_AUCTION_CODE,
    jwtSecret,
    adminToken,
    adminTokenGenerated: !e.ADMIN_TOKEN,
    logLevel: e.LOG_LEVEL,
    nodeEnv: e.NODE_ENV,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitAnonymousPerMinute: e.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
    rateLimitGuestTokensPerMinute: e.RATE_LIMIT_GUEST_TOKENS_PER_MINUTE,
    seedDemo: e.SEED_DEMO === undefined ? e.NODE_ENV !== 'production' : e.SEED_DEMO === 'true',
    testPaymentsAllowed: e.NODE_ENV !== 'production' || e.ALLOW_TEST_PAYMENTS,
    passwordHashing: e.NODE_ENV === 'test' ? 'fast' : 'standard',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    processes: e.PROCESSES,
    trustProxy: e.TRUST_PROXY,
    stripeApiUrl: e.STRIPE_API_URL,
    stripeTimeoutMs: e.STRIPE_TIMEOUT_MS,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    twilio,
    twilioApiUrl: e.TWILIO_API_URL?.replace(/\/+$/, ''),
    textRatePerSecond: e.TEXT_RATE_PER_SECOND,
    vapid,
    backupEveryHours: e.BACKUP_EVERY_HOURS,
    backupKeep: e.BACKUP_KEEP,
  };
}

/** Web Push's keys: the environment's pair (both or neither), or the pair kept in DATA_DIR, made once. */
function vapidOf(e: z.infer<typeof envSchema>, dataDir: string): Vapid {
  const subject = e.VAPID_SUBJECT ?? defaultVapidSubject({ publicUrl: e.PUBLIC_URL, mailFrom: e.MAIL_FROM });
  if (e.VAPID_PUBLIC_KEY !== undefined || e.VAPID_PRIVATE_KEY !== undefined) {
    const keys = { publicKey: e.VAPID_PUBLIC_KEY ?? '', privateKey: e.VAPID_PRIVATE_KEY ?? '' };
    if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY)
      throw new ConfigError(
        'Invalid configuration:\n  VAPID_PUBLIC_KEY: give VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, or neither (a pair is then made and kept in DATA_DIR)',
      );
    const problem = vapidKeysProblem(keys);
    if (problem) throw new ConfigError(`Invalid configuration:\n  ${problem}`);
    return { ...keys, subject };
  }
  const file = KEPT_SECRETS.vapid;
  const keys = parseKeptVapid(
    keptSecret({
      variable: 'VAPID_PRIVATE_KEY',
      dataDir,
      file,
      bytes: 0,
      minLength: 1,
      make: () => keptVapidText(newVapidKeys()),
    }),
  );
  if (!keys)
    throw new ConfigError(
      `Invalid configuration:\n  VAPID_PRIVATE_KEY: the keys kept in ${join(dataDir, file)} are not a VAPID key pair; delete the file to make a new pair (every device must then turn Push on again), or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`,
    );
  return { ...keys, subject };
}
