import type { IncomingHttpHeaders } from 'node:http';
import { hubRefusals } from '@gavel/domain';

/**
 * How many live sockets one token and one address may hold at once. Without them one token held
 * 400 sockets (security finding 10), and one script could hold the hub's memory and its fan-out.
 *
 * - Per token, 10: a bidder's phone and a few tabs, or a board's screen with its reconnects (a
 *   dropped socket lingers up to the hub's ping timeout, 40 s, while its client is already back).
 *   Every board screen gets a token of its own, so a room of screens is not one token.
 * - Per address, 5,000: a venue's phones share its one public address; 1,000 phones with a tab or
 *   two each, and the venue's screens, must all connect, with room to spare.
 *
 * Each process counts its own sockets (nothing is shared through Redis): behind several processes
 * a token may hold this many on each, which still bounds it.
 */
export const SOCKETS_PER_TOKEN = 10;
export const SOCKETS_PER_ADDRESS = 5_000;

export interface SocketCaps {
  perToken: number;
  perAddress: number;
}

export const DEFAULT_SOCKET_CAPS: SocketCaps = { perToken: SOCKETS_PER_TOKEN, perAddress: SOCKETS_PER_ADDRESS };

export type Admission = { ok: true; release: () => void } | { ok: false; refusal: string };

/** The live sockets of this process, counted by token and by address. */
export class LiveSockets {
  private readonly byToken = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly caps: SocketCaps) {}

  /**
   * Counts a socket in, or refuses it. The check and the count happen together, with nothing
   * awaited between them, so handshakes arriving at once cannot all slip under a cap. `release`
   * counts it out and may be called more than once (a socket can end in more than one way).
   */
  admit(token: string, address: string): Admission {
    if ((this.byToken.get(token) ?? 0) >= this.caps.perToken)
      return { ok: false, refusal: hubRefusals.tooManyForToken };
    if ((this.byAddress.get(address) ?? 0) >= this.caps.perAddress)
      return { ok: false, refusal: hubRefusals.tooManyForAddress };
    add(this.byToken, token, 1);
    add(this.byAddress, address, 1);
    let held = true;
    return {
      ok: true,
      release: () => {
        if (!held) return;
        held = false;
        add(this.byToken, token, -1);
        add(this.byAddress, address, -1);
      },
    };
  }

  /** Live sockets of a token or an address (tests). */
  count(key: { token: string } | { address: string }): number {
    return 'token' in key ? (this.byToken.get(key.token) ?? 0) : (this.byAddress.get(key.address) ?? 0);
  }
}

/** A key at 0 is dropped, so the maps hold only what is live. */
function add(counts: Map<string, number>, key: string, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

/**
 * The address a connection comes from, by the app's one rule: with TRUST_PROXY the proxy's
 * X-Forwarded-For names the client (its first entry, the address Fastify's request.ip gives);
 * without it the header is anyone's to write, and the connection's own address counts.
 */
export function clientAddress(
  handshake: { address: string; headers: IncomingHttpHeaders },
  trustProxy: boolean,
): string {
  if (!trustProxy) return handshake.address;
  const header = handshake.headers['x-forwarded-for'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  return first || handshake.address;
}
