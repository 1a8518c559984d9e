import { hash } from '@node-rs/argon2';

/**
 * How passwords are hashed: argon2id with the library's defaults (19 MiB, two passes: about 18 ms
 * here) everywhere but the test suite (NODE_ENV=test), where the thousands of accounts its tests
 * make would spend about a minute of each run hashing. A hash records its own settings, so a
 * password is verified the same way whichever setting made it.
 */
export type PasswordHashing = 'standard' | 'fast';

const FAST = { memoryCost: 1024, timeCost: 1 };
let settings: { memoryCost?: number; timeCost?: number } = {};

/** Set once by buildApp from the configuration. */
export function usePasswordHashing(kind: PasswordHashing): void {
  settings = kind === 'fast' ? FAST : {};
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, settings);
}
