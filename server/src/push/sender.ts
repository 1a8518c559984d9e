import { createHash } from 'node:crypto';
import { isPushEndpoint, type PushPayload } from '@gavel/domain';
import type { Vapid } from './vapid';

/** A device as the push service knows it: its address and the keys its push is encrypted to. */
export interface Device {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What a push service said of one push: taken; gone (404 or 410: the subscription has ended, so it
 * is forgotten); busy (429 or 5xx, or no answer: try again later, not before `retryAfterMs` when it
 * said); or refused for good (any other answer, such as 403 when the keys changed).
 */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone'; error: string }
  | { kind: 'busy'; error: string; retryAfterMs: number }
  | { kind: 'refused'; error: string };

export type PushSender = (device: Device, payload: PushPayload) => Promise<PushOutcome>;

/** How the request goes out: fetch in the app; a test may answer it with a local push service. */
export type PushFetch = (url: string, init: RequestInit) => Promise<Response>;

/** A notice about to close, or about an outbid, is of no use hours later: the push service keeps it an hour. */
export const PUSH_TTL_SECONDS = 60 * 60;
const TIMEOUT_MS = 10_000;

/**
 * The push service's topic of a notice: a later push of the same topic replaces one still waiting
 * there for the phone to come online (as the tag replaces one shown). At most 32 base64url characters.
 */
function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/**
 * Sends pushes with the web-push library: it encrypts the payload to the device's keys (aes128gcm)
 * and signs the VAPID header; the request itself goes through `fetch`, so that it has a timeout and
 * a test can receive it. Only the browsers' push services are sent to (isPushEndpoint), whatever was stored.
 */
export function webPushSender({ vapid, fetch = globalThis.fetch }: { vapid: Vapid; fetch?: PushFetch }): PushSender {
  return async (device, payload) => {
    // Checked again at sending: a device kept under older rules is not sent to.
    if (!isPushEndpoint(device.endpoint))
      return { kind: 'refused', error: "The address is not an https address of a browser's push service." };
    const { default: webpush } = await import('web-push');
    let response: Response;
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: PUSH_TTL_SECONDS,
          // Outbid in the last minutes: the phone should wake for it.
          urgency: 'high',
          topic: topicOf(payload.tag),
        },
      );
      // fetch sets the length from the body itself.
      const headers = Object.entries(details.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]): [string, string] => [name, String(value)]);
      response = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ?? undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      return { kind: 'busy', error: `No answer from the push service: ${(err as Error).message}`, retryAfterMs: 0 };
    }
    // The answer's body is not needed; reading it frees the connection.
    const said = (await response.text().catch(() => '')).slice(0, 200);
    const error = `The push service answered ${response.status}${said ? `: ${said}` : ''}`;
    if (response.ok) return { kind: 'sent' };
    if (response.status === 404 || response.status === 410) return { kind: 'gone', error };
    if (response.status === 429 || response.status >= 500)
      return { kind: 'busy', error, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
    return { kind: 'refused', error };
  };
}
