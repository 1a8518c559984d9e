import type { Config } from './config';
import type { Database, Db } from './db/client';

/** What every feature gets: configuration, the database and a clock (tests move it). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: () => Date;
}
