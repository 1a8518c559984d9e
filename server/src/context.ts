import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Background } from './lib/background';
import type { Database, Db } from './db/client';
import type { Guessing } from './lib/limits';
import type { Site } from './lib/site';
import type { TokenService } from './lib/tokens';
import type { LivePublisher } from './realtime/hub';
import type { Notifier } from './notifications/notifier';
import type { Payments } from './payments/processor';
import type { Totals } from './realtime/totals';

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
  /** The server's logger, for work that runs off a request (effects after a commit, jobs). */
  log: FastifyBaseLogger;
  /** Work that runs after its request has answered (emailed-link requests); idle() awaits it. */
  background: Background;
}
