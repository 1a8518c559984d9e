import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { KEPT_SECRETS } from '../../config';
import { BIG_CHUNK } from './archive';

/**
 * What a backup holds, besides the dump: which database made it, at which migration, by which
 * Gavel, and the dump's size and digest, so a restore refuses a damaged or foreign file before it
 * touches anything.
 */
export const MANIFEST_ENTRY = 'manifest.json';
/** The dump's entry: PGlite's data directory as a tar, or pg_dump's custom format. */
export const DATABASE_ENTRY = { pglite: 'database.tar', postgres: 'database.dump' } as const;
export const SECRETS_FOLDER = 'secrets';
export const SECRET_FILES = Object.values(KEPT_SECRETS);
export type SecretFile = (typeof SECRET_FILES)[number];

export type BackupKind = keyof typeof DATABASE_ENTRY;

const migrationLevel = z.object({
  /** Migrations applied. */
  applied: z.number().int().min(0),
  /** The last one's name (server/drizzle), or `unknown …` for one this Gavel does not know. */
  last: z.string(),
  /** The last one's time stamp, as drizzle records it (the journal's `when`). */
  at: z.number().int().min(0),
});
export type MigrationLevel = z.infer<typeof migrationLevel>;

export const manifestSchema = z.object({
  gavel: z.literal('backup'),
  format: z.literal(1),
  kind: z.enum(['pglite', 'postgres']),
  createdat: z.iso.datetime(),
  version: z.string(),
  migration: migrationLevel,
  database: z.object({ bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  secrets: z.array(z.enum(SECRET_FILES as [SecretFile, ...SecretFile[]])),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Both drivers answer this the same way: how many migrations ran, and the last one's stamp. */
export const MIGRATION_LEVEL_SQL =
  'select count(*)::int as applied, coalesce(max(created_at), 0)::text as at from drizzle.__drizzle_migrations';
export const migrationRow = z.object({ applied: z.coerce.number(), at: z.coerce.number() });

const journal = z.object({ entries: z.array(z.object({ when: z.number(), tag: z.string() })) });
const journalFile = fileURLToPath(new URL('../../../drizzle/meta/_journal.json', import.meta.url));

/** The migrations this Gavel knows, oldest first. */
export function knownMigrations(): Array<{ when: number; tag: string }> {
  return journal.parse(JSON.parse(readFileSync(journalFile, 'utf8'))).entries;
}

/** A database's level from the migrations table's row, named after the journal. */
export function levelOf(row: unknown): MigrationLevel {
  const { applied, at } = migrationRow.parse(row);
  const tag = knownMigrations().find((m) => m.when === at)?.tag;
  return { applied, at, last: tag ?? `unknown (${at})` };
}

/** Why this Gavel cannot take a backup made at `level`, if it cannot: a newer Gavel made it. */
export function tooNewProblem(level: MigrationLevel): string | undefined {
  const known = knownMigrations();
  const newest = known.at(-1);
  if (!newest || (level.at <= newest.when && level.applied <= known.length)) return undefined;
  return `This backup was made by a newer Gavel (database migration ${level.last}; this one knows up to ${newest.tag}): update Gavel, then restore.`;
}

/** The size and SHA-256 of a file, read as a stream (a dump may be large). */
export async function digestOf(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: BIG_CHUNK })) {
    const data = chunk as Buffer;
    bytes += data.length;
    hash.update(data);
  }
  return { bytes, sha256: hash.digest('hex') };
}
