import { ConfigError } from '../config';
import { BackupError } from '../features/backup/archive';

/**
 * Runs a backup command's `main` and ends the process with its code: a refusal we expect (a bad
 * setting, a backup that cannot be made or restored) as its one-line message, anything else whole.
 */
export function runCommand(main: () => Promise<number>): void {
  main()
    .then((code) => process.exit(code))
    .catch((err: unknown) => {
      const known = err instanceof ConfigError || err instanceof BackupError;
      console.error(known ? err.message : err);
      process.exit(1);
    });
}
