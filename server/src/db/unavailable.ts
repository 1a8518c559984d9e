/**
 * Whether an error means the database cannot be reached right now (restarting, failing over, a
 * connection cut), as opposed to a fault in the request or in our code. Such a call is answered
 * 503 with Retry-After, and the pool reconnects on the next call.
 */
const GONE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQLSTATE classes and codes of a server going away or not taking connections yet: 08 connection
 * exception; 57P01-57P03 shutting down, crashed, starting up ("the database system is not yet
 * accepting connections"); 53300 too many connections, which frees up in a moment too.
 */
function goneState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

export function databaseUnavailable(err: unknown): boolean {
  for (let at: unknown = err, depth = 0; at instanceof Error && depth < 5; depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && (GONE_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && goneState(code))))
      return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i.test(
        at.message,
      )
    )
      return true;
    at = (at as { cause?: unknown }).cause;
  }
  return false;
}
