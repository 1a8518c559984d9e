import { ApiError } from '../api/client';

/**
 * Retry a failed query only when trying again could help: a dropped connection or a server error,
 * up to three times. A refusal (a missing item, a bad request) is the answer; it is shown at once.
 */
export function retryTransient(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500) return false;
  return failures < 3;
}
