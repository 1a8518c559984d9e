import { readFileSync } from 'node:fs';
import { errorResponse, importResponse } from '@gavel/domain';
import { type Config, ConfigError, loadConfig } from '../config';
import { privateFilesFromNowOn } from '../lib/private-dir';
import { openDatabase } from '../db/client';
import { AppError } from '../errors';
import { importEventDocument } from '../features/admin/import-service';
import { claimDataDir, runningServer } from '../lib/pidfile';
import { eventAddressLines } from './import-address';

/** The embedded database is open in a running server: hand the document to its admin call. */
async function importThroughServer(config: Config, port: number, body: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/admin/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${config.adminToken}`, 'content-type': 'application/json' },
    body,
  });
  const data: unknown = await res.json().catch(() => undefined);
  const done = importResponse.safeParse(data);
  if (res.ok && done.success) {
    console.log(`${done.data.message} (through the running server on port ${port})`);
    console.log(
      `  organization ${done.data.auctioncode}, event ${done.data.eventcode}; ${done.data.itemsuntouched} item(s) not in the file left as they were.`,
    );
    // The running server's own port: it may not be the PORT this shell has.
    for (const line of eventAddressLines(config, port, done.data.auctioncode, done.data.eventcode)) console.log(line);
    return 0;
  }
  const failure = errorResponse.safeParse(data);
  console.error(failure.success ? failure.data.message : `The server answered ${res.status}.`);
  for (const p of (failure.success ? failure.data.errors : undefined) ?? []) console.error(`  ${p.path}: ${p.message}`);
  return 1;
}

/** npm run import -- FILE : imports an event document into the configured database. */
async function main(): Promise<number> {
  privateFilesFromNowOn();
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run import -- path/to/event.json');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    console.error(`Cannot read ${file}: ${(err as Error).message}`);
    return 2;
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    console.error(`${file} is not valid JSON: ${(err as Error).message}`);
    return 1;
  }
  const config = loadConfig();
  const server = config.databaseUrl ? undefined : runningServer(config.dataDir);
  if (server) {
    if (server.port !== undefined) return importThroughServer(config, server.port, text);
    console.error(
      `A Gavel server (pid ${server.pid}) is starting on the embedded database in ${config.dataDir}; run the import again once it is running.`,
    );
    return 1;
  }
  // Without a server, the import opens the embedded database itself, and holds DATA_DIR meanwhile
  // so that a server started during the import waits its turn.
  const taken = config.databaseUrl ? undefined : await claimDataDir(config.dataDir);
  if (taken && !taken.ok) {
    console.error(
      `A Gavel server (pid ${taken.holder.pid}) started on the embedded database in ${config.dataDir}; run the import again once it is running.`,
    );
    return 1;
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    dir: config.databaseUrl ? undefined : config.dataDir,
  });
  try {
    const result = await importEventDocument(database.db, doc, config);
    console.log(result.message);
    console.log(
      `  organization ${result.auctioncode}, event ${result.eventcode}; ${result.itemsuntouched} item(s) not in the file left as they were.`,
    );
    // No server is running: the address it will have once started (npm start) on PORT.
    for (const line of eventAddressLines(config, config.port, result.auctioncode, result.eventcode)) console.log(line);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      for (const p of err.errors ?? []) console.error(`  ${p.path}: ${p.message}`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
    if (taken?.ok) taken.claim.release();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
