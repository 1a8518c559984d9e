import { useSyncExternalStore } from 'react';
import type { NotificationKind } from '@gavel/domain';

/**
 * Every message the app tells the bidder (a saved profile, a refused bid, an outbid notice) goes
 * through this one queue, so none is ever dropped: up to VISIBLE show at once, stacked, and the
 * rest wait their turn. A timed notice's clock starts only when it is shown.
 */
export type NoticeTone = 'success' | 'error' | 'info' | 'alert';

export interface NoticeInput {
  tone: NoticeTone;
  message: string;
  title?: string;
  /** Milliseconds on screen once shown; 0 keeps it until dismissed. */
  duration: number;
  /** An item notice opens its item; an outbid one also offers 'Bid again'. */
  item?: { eventcode: string; itemid: number; kind?: NotificationKind };
  /** A button of its own (the new version's Reload, web/src/pwa/register.ts). */
  action?: { label: string; testId: string; run: () => void };
}

export interface Notice extends NoticeInput {
  id: number;
}

/** At most this many notices are on screen; later ones queue. */
export const VISIBLE = 3;

let queue: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly Notice[]) {
  queue = next;
  for (const l of listeners) l();
}

export function pushNotice(input: NoticeInput): number {
  const id = nextId++;
  emit([...queue, { ...input, id }]);
  return id;
}

export function dismissNotice(id: number): void {
  if (queue.some((n) => n.id === id)) emit(queue.filter((n) => n.id !== id));
}

/** Drops every notice about items (on logout, or when the bidder or event changes). */
export function clearItemNotices(): void {
  if (queue.some((n) => n.item)) emit(queue.filter((n) => !n.item));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The queue as it stands; the first VISIBLE are on screen. */
export function useNoticeQueue(): readonly Notice[] {
  return useSyncExternalStore(subscribe, () => queue);
}
