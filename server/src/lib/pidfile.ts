import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database belongs to one process. The server records its pid and port in DATA_DIR so
 * that a second server refuses to open the same files and `npm run import` knows to go through the
 * running server's API instead.
 */
export interface RunningServer {
  pid: number;
  port: number;
}

const fileIn = (dataDir: string) => join(dataDir, 'server.pid');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function runningServer(dataDir: string): RunningServer | undefined {
  const file = fileIn(dataDir);
  if (!existsSync(file)) return undefined;
  const [pid, port] = readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
  if (!pid || !port || pid === process.pid || !alive(pid)) return undefined;
  return { pid, port };
}

export function claimDataDir(dataDir: string, port: number): void {
  writeFileSync(fileIn(dataDir), `${process.pid} ${port}\n`);
  const release = () => {
    try {
      if (readFileSync(fileIn(dataDir), 'utf8').startsWith(`${process.pid} `)) rmSync(fileIn(dataDir));
    } catch {
      // already gone
    }
  };
  process.once('exit', release);
}
