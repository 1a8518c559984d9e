import { useEffect, useSyncExternalStore } from 'react';
import { formatTimeWithZone } from '@gavel/domain';
import { nextTask } from '../nextTask';

/** Set once the phone's zone has been formatted in: every time after it is written at once. */
let ready = false;
let warming = false;
const listeners = new Set<() => void>();

/** Builds the phone's time formatters in a task of their own, once, and tells whoever shows a time. */
function warm(): void {
  if (warming) return;
  warming = true;
  nextTask(() => {
    formatTimeWithZone(new Date());
    ready = true;
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether a time in the phone's zone can be written yet. The first time formatter a page builds
 * makes the browser load its zone and calendar data: 40 to 70 ms on a phone's slow CPU (Lighthouse's
 * 4x), which inside a page's first drawing made one long task of it (the item page's closing time).
 * So the first one is built in a task of its own and the times are written a task later; every
 * time after that is written at once.
 */
export function useLocalTimeReady(): boolean {
  const shown = useSyncExternalStore(subscribe, () => ready);
  useEffect(() => {
    if (!shown) warm();
  }, [shown]);
  return shown;
}

/**
 * An instant as a bidder reads it, in the phone's zone ('12-03-2026 2:19 PM CST'). Until the
 * formatter is ready it holds the line's height with a space.
 */
export function LocalTime({ at }: { at: string }) {
  const shown = useLocalTimeReady();
  return <time dateTime={at}>{shown ? formatTimeWithZone(at) : '\u00a0'}</time>;
}
