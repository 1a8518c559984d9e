/**
 * `npm test` runs the server suite twice when TEST_PG_URL is set (CI): on PGlite, then on
 * PostgreSQL (scripts/test-pg.mjs sets TEST_DATABASE_URL for that pass). A file whose subject is
 * not the database (the import-cycle lint, the data directory's guard and permissions, the fuzz
 * walk of every route's validation) learns nothing from the second pass; the thousand-phone venue
 * run learns most on the real server. Each runs in one pass only, and always on a machine without
 * PostgreSQL (TEST_EVERY_PASS=1 runs them in both).
 */

/** This is the PostgreSQL pass. */
export const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

/** This is the PGlite pass, and a PostgreSQL pass follows it. */
export const postgresPassFollows = !onPostgres && Boolean(process.env.TEST_PG_URL);

/** TEST_EVERY_PASS=1 runs every file in every pass, as before. */
const everyPass = Boolean(process.env.TEST_EVERY_PASS);

/** For a file about something other than the database: it runs in the PGlite pass only. */
export const notTheDatabase = onPostgres && !everyPass;

/** For a load run that tells most on PostgreSQL: it runs there when a PostgreSQL pass follows, else on PGlite. */
export const loadOnPostgres = postgresPassFollows && !everyPass;
