import type { FastifyBaseLogger } from 'fastify';
import type { NotificationKind } from '@gavel/domain';
import type { Config } from './config';
import type { Background } from './lib/background';
import type { Database, Db } from './db/client';
import type { Counters } from './lib/counters';
import type { Guessing } from './lib/guessing';
import type { Site } from './lib/site';
import type { TokenService } from './lib/tokens';
import type { LivePublisher } from './realtime/hub';
import type { EventCodes } from './realtime/codes';
import type { Payments } from './payments/processor';
import type { Tenant } from './tenancy';

// Every module may import this file, so it imports only the foundations (configuration, the
// database, tokens, the hub, the gateways), never a feature or a service built on this context:
// the services that are (the notifier, the totals) implement interfaces declared here.

/** What every feature gets: configuration, the database and a clock (tests move it). */
export interface AppContext {
  config: Config;
  /** The addresses this server answers for, and the one its links and QR codes use. */
  site: Site;
  database: Database;
  db: Db;
  clock: () => Date;
  tokens: TokenService;
  /** Live messages; send them only after the transaction that caused them committed. */
  live: LivePublisher;
  /** Outbid, won and closing-soon notices by email, text and in-app, off the request's path. */
  notifier: Notifier;
  /** The display boards' total raised, sent (debounced) after the commits that change it. */
  totals: Totals;
  /** The event's card processor (payments/): one gateway per event, kept while the process runs. */
  payments: Payments;
  /** Tries left for guessing calls (sign-in, emailed links, joining), per email and per address. */
  guessing: Guessing;
  /** Counts shared by every server through Redis (REDIS_URL), else this process's: the rate limits', the guessing budgets', the texts' pace. */
  counters: Counters;
  /** The server's logger, for work that runs off a request (effects after a commit, jobs). */
  log: FastifyBaseLogger;
  /** Work that runs after its request has answered (emailed-link requests); idle() awaits it. */
  background: Background;
}

/** Outbid, won and closing-soon notices (notifications/notifier.ts). */
export interface Notifier {
  /** Queue a notice; returns at once. Delivery happens off the caller's path. */
  notify(kind: NotificationKind, bidderId: number, itemId: number): void;
  /** Sends closing-soon notices for items about to close; the sweeper calls it. */
  closingSoon(now: Date): Promise<number>;
  /** Resolves when every queued notice has been handled (tests and shutdown). */
  idle(): Promise<void>;
}

/** An event whose total may have changed: its tenant, or its id and codes where only those are at hand. */
export type TotalTarget = Tenant | { eventId: number; codes: EventCodes };

/** The display boards' total raised (realtime/totals.ts). */
export interface Totals {
  /**
   * After a commit that may change the event's total raised: soon sends `eventtotal` with the new
   * total to everyone in the event (the display boards), once however many changes came meanwhile.
   * Only for an event whose board shows its total. Never call it inside a transaction.
   */
  touch(target: TotalTarget): void;
  /** Cancels what is scheduled and waits for a total being sent (shutdown). */
  close(): Promise<void>;
  /** Waits until every total scheduled so far has been sent (for a test that counts live messages). */
  idle(): Promise<void>;
}
