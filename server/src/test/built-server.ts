import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * The tests that start the real server (or the backup CLIs) as a child process start it from one
 * bundle made once per Vitest run, instead of node with tsx compiling the server's modules again
 * at every start (about 1.5 s of CPU a start, and some thirty starts a run). The bundle is the same
 * source: every package stays outside it and is loaded from node_modules as under tsx, and each
 * module's `import.meta.url` is its own source file's, so the paths it finds beside itself (the
 * migrations, the web's icons) are the ones it finds under tsx. `npm start` and the browser
 * journeys still run the server through tsx.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
/** Inside the checkout, so that its packages resolve from node_modules; one folder per run, so runs side by side keep their own. */
const outdir = join(root, 'server', 'dist', `test-server-${process.pid}`);

/** The entry points a test starts: the server, and the operator's backup and restore commands. */
const entries = {
  main: 'server/src/main.ts',
  backup: 'server/src/cli/backup.ts',
  restore: 'server/src/cli/restore.ts',
};
export type Entry = keyof typeof entries;

/** Set by the global setup for the run's workers: the folder of the bundle. */
const BUILT = 'GAVEL_TEST_SERVER_BUILD';

/**
 * The arguments to node that run `entry`: the run's bundle when the global setup made one, else
 * tsx on the source (a benchmark, or a file run outside Vitest).
 */
export function entryArgs(entry: Entry): string[] {
  const built = process.env[BUILT];
  return built ? [join(built, `${entry}.mjs`)] : ['--import', 'tsx', join(root, entries[entry])];
}

/** Vitest's global setup: bundles the entry points (a third of a second) and tells the workers where. */
export default async function setup(): Promise<() => Promise<void>> {
  await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, join(root, path)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    splitting: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'gavel-sources-only',
        setup(b) {
          // Packages load from node_modules at run time, as they do under tsx; the workspace's own
          // packages (@gavel/domain) are source, so they are bundled.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@gavel/') ? undefined : { path: args.path, external: true },
          );
          b.onLoad({ filter: /\.ts$/ }, async (args) => ({
            contents: (await readFile(args.path, 'utf8')).replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(args.path).href),
            ),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  process.env[BUILT] = outdir;
  return () => rm(outdir, { recursive: true, force: true });
}
