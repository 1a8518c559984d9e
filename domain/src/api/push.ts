import { z } from 'zod';

/**
 * Web Push (issue 31): a device's browser subscribes with the server's public VAPID key, and the
 * subscription it gets (PushSubscription.toJSON()) is kept per device so notices reach the phone
 * without the app open. See docs/push.md.
 */

/** What the bidder is told about a subscription the server cannot use. */
export const pushMessages = {
  endpoint: "This browser's push address is not one Gavel can send to (an https address of a browser's push service).",
  p256dh: "This browser's push key is not one Gavel can use (a P-256 public key, 65 bytes in base64url).",
  auth: "This browser's push secret is not one Gavel can use (16 bytes in base64url).",
  refused: 'Notifications are blocked for this site. Allow them in your browser settings to get Push notices.',
  unsupported: 'This browser cannot show Push notices here. On an iPhone, add Gavel to your Home Screen first.',
  failed: 'Push notices could not be turned on. Please try again.',
  elsewhere: 'Push is on for your other devices. Tick it here to get Push notices on this one too.',
} as const;

/** The longest push address taken: the push services' are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 2_000;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes a base64url text holds, or -1 when it is not base64url. */
function base64urlBytes(text: string): number {
  if (!BASE64URL.test(text)) return -1;
  const chars = text.replace(/=+$/, '').length;
  // Four characters carry three bytes; a remainder of 1 character is not a whole byte.
  if (chars % 4 === 1) return -1;
  return Math.floor((chars * 3) / 4);
}

/** The uncompressed P-256 point's first byte, in base64url: 0x04 puts 'B' first. */
const UNCOMPRESSED_POINT = /^B/;

/** A refinement whose message is the API's whole answer (a sentence, not a field's phrase: errors.ts). */
function sentence(ok: (value: string) => boolean, message: string) {
  return (value: string, ctx: z.RefinementCtx<string>) => {
    if (!ok(value)) ctx.addIssue({ code: 'custom', message, input: value, params: { sentence: true } });
  };
}

/**
 * The browsers' push services: Google's (Chrome and the browsers built on it), Mozilla's (Firefox),
 * Apple's (Safari) and Microsoft's (Edge). The server posts to whatever address a subscription
 * names, so any other address is refused: a caller could otherwise have it post to a machine of
 * its choosing, inside the server's own network too.
 */
export const PUSH_SERVICE_HOST =
  /^(fcm\.googleapis\.com|updates\.push\.services\.mozilla\.com|web\.push\.apple\.com|[a-z0-9-]+\.notify\.windows\.com)$/;

const pushServiceUrl = z.url({ protocol: /^https$/, hostname: PUSH_SERVICE_HOST });

/** Whether the server may send to this address: an https address of a browser's push service. */
export function isPushEndpoint(url: string): boolean {
  // Printable ASCII only, as the push services' addresses are: a long address of wide characters
  // would not fit the unique index on it. No user or password: a push service's address has none.
  if (url.length > PUSH_ENDPOINT_MAX || !/^[\x21-\x7e]+$/.test(url)) return false;
  return pushServiceUrl.safeParse(url).success && !/^https:\/\/[^/?#]*@/i.test(url);
}

export const pushEndpoint = z.string().superRefine(sentence(isPushEndpoint, pushMessages.endpoint));

/** The browser's PushSubscription.toJSON(), as the app sends it. */
export const pushSubscriptionRequest = z.object({
  endpoint: pushEndpoint,
  /** When the push service will end the subscription (ms since 1970), if it says; not kept. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .superRefine(sentence((k) => base64urlBytes(k) === 65 && UNCOMPRESSED_POINT.test(k), pushMessages.p256dh)),
    auth: z.string().superRefine(sentence((k) => base64urlBytes(k) === 16, pushMessages.auth)),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

export const pushUnsubscribeRequest = z.object({ endpoint: pushEndpoint });

export const pushKeyResponse = z.object({
  status: z.literal('success'),
  /** The server's VAPID public key (base64url), the applicationServerKey of pushManager.subscribe. */
  publickey: z.string(),
});

export const pushSubscriptionResponse = z.object({ status: z.literal('success') });

/**
 * What a push carries to the service worker (web/src/sw/push.ts), as JSON. A plain type, not a
 * schema: the service worker reads it without zod.
 */
export interface PushPayload {
  title: string;
  body: string;
  /** The app's page the tap opens (an item's page), on the app's own origin. */
  url: string;
  /** Notices with one tag replace each other on the phone: one per item. */
  tag: string;
}
