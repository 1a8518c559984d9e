import { useEffect, useState } from 'react';
import {
  type NotificationColumn,
  PUSH_NOTIFICATION_COLUMN,
  pushCalls,
  pushMessages,
  type PushSubscriptionRequest,
  type SessionUser,
} from '@gavel/domain';
import { api, ApiError, knowCalls } from '../api/client';
import { useAction } from '../ui/action';

/**
 * This device and Web Push (docs/push.md): whether the browser can take pushes, subscribing it
 * when the bidder turns Push on, and forgetting it at sign-out. The service worker that shows them
 * is web/src/sw/push.ts.
 */

// The push calls are no part of the first load: this module, loaded when needed, brings them.
knowCalls(pushCalls);

/** Android and desktop browsers, and an iPhone's Safari once Gavel is on the Home Screen. */
export function pushSupported(): boolean {
  return 'PushManager' in window && 'serviceWorker' in navigator && 'Notification' in window;
}

/** The event's columns this browser can honour: Push only where it can take pushes. */
export function columnsHere(columns: NotificationColumn[]): NotificationColumn[] {
  return pushSupported() ? columns : columns.filter((c) => c.value !== PUSH_NOTIFICATION_COLUMN);
}

/** The app's service worker is registered after the first paint; a browser that never gets one answers no. */
const WORKER_WAIT_MS = 10_000;

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}

async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_WAIT_MS);
  });
  const ready = await Promise.race([navigator.serviceWorker.ready, late]);
  clearTimeout(timer);
  return ready;
}

/** What the server keeps of a subscription: the browser's toJSON(), every field present. */
function deviceOf(subscription: PushSubscription): PushSubscriptionRequest {
  const { endpoint = '', expirationTime = null, keys = {} } = subscription.toJSON();
  return { endpoint, expirationTime, keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } };
}

/** This device's subscription with the server's key: the one it has, or a new one. */
async function subscription(registration: ServiceWorkerRegistration): Promise<PushSubscription> {
  const { publickey } = await api('GET /pushkey');
  const key = base64urlBytes(publickey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing;
  // Made with another key (the server's keys were replaced): the push services would refuse it.
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/**
 * Turns Push on for this device: the browser's permission (asked on the bidder's tap), a
 * subscription through the app's service worker, kept by the server for this account. Throws the
 * sentence to show when it cannot, and nothing is turned on.
 */
export async function subscribeThisDevice(): Promise<void> {
  if (!pushSupported()) throw new Error(pushMessages.unsupported);
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') throw new Error(pushMessages.refused);
  try {
    const registration = await workerRegistration();
    if (!registration) throw new Error(pushMessages.failed);
    await api('POST /pushsubscription', deviceOf(await subscription(registration)));
  } catch (err) {
    // The server's sentence stands; the browser's own errors (no push service) are said plainly.
    if (err instanceof ApiError || (err instanceof Error && err.message === pushMessages.failed)) throw err;
    throw new Error(pushMessages.failed, { cause: err });
  }
}

/** The Push answer under way (the browser asking, then the server keeping this device), settled once the form holds it. */
let answering: Promise<void> | null = null;

/**
 * Resolves once no Push answer is under way. A form's Save waits for it, then reads the boxes
 * (profileParts.tsx `withPushAnswer`): pressed while the browser still asked, it saved Push as off.
 */
export function pushAnswered(): Promise<void> {
  return answering ?? Promise.resolve();
}

/**
 * The Push column's switch (NotificationMatrix): turning it on in a row subscribes this device
 * first, and only then calls `turnOn`; a refusal leaves it off, with the sentence in `problem`.
 * Turning it off needs nothing here: the subscription stays, and the flag alone stops the pushes.
 * `here` says whether this browser gets them (false: Push is on for the account's other devices).
 */
export function usePushSwitch(turnOn: (rowId: number) => void) {
  const [asking, setAsking] = useState<number | null>(null);
  // Whether this browser gets the pushes: Push is the account's, but each device is subscribed on
  // its own. Unknown (null) until the browser answers.
  const [here, setHere] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void existingSubscription()
      .then((subscription) => {
        if (live) setHere(subscription !== null && Notification.permission === 'granted');
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const action = useAction(
    (rowId: number) => {
      const answer = (async () => {
        setAsking(rowId);
        try {
          await subscribeThisDevice();
          setHere(true);
          turnOn(rowId);
        } finally {
          setAsking(null);
        }
      })();
      const settled = answer.then(
        () => undefined,
        () => undefined,
      );
      answering = settled;
      void settled.then(() => {
        if (answering === settled) answering = null;
      });
      return answer;
    },
    () => undefined,
  );
  return { ask: action.run, asking, problem: action.error, here };
}

/** The subscription this browser already has, without waiting for a service worker that may never come. */
async function existingSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * At sign-out: the server forgets this device for the account that signs out (with its token,
 * read before it is cleared), so a phone lent for the evening stops showing that bidder's notices.
 * The browser keeps its subscription for whoever turns Push on next. Nothing is said on failure:
 * an expired session is refused, and its device is then kept as it was.
 */
export function forgetThisDevice(token: string | null): void {
  if (!token) return;
  void existingSubscription()
    .then((subscription) =>
      subscription ? api('DELETE /pushsubscription', { endpoint: subscription.endpoint }, { token }) : undefined,
    )
    .catch(() => undefined);
}

/**
 * At sign-in: a bidder who has Push on, on a browser that has a subscription and their permission,
 * gets this device kept again (a sign-out on it had the server forget it). Silent, like the above.
 */
export function keepThisDevice(user: SessionUser): void {
  const wantsPush = user.notifications.some((n) => n.flags[PUSH_NOTIFICATION_COLUMN]);
  if (!wantsPush || !pushSupported() || Notification.permission !== 'granted') return;
  void existingSubscription()
    .then((subscription) => {
      if (subscription) return api('POST /pushsubscription', deviceOf(subscription), { token: user.token });
    })
    .catch(() => undefined);
}
