import { startTransition, useEffect, useState } from 'react';

type Listener = (now: Date) => void;
const listeners = new Set<Listener>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  const now = new Date();
  // One render for every clock on screen, cut into slices: the countdowns of the header, the cards
  // and an item's page move together, and a phone stays free for a tap while they draw.
  startTransition(() => {
    for (const listener of listeners) listener(now);
  });
}

/**
 * The phone's clock, moving each second: one timer for the whole app, however many screens and
 * cards show a countdown. Its renders are transitions: a second's redraw of a long list was one
 * task of 60 to 90 ms at Lighthouse's 4x slowdown, in which a tap waited; now React cuts it up
 * and lets a tap or a bid's answer go first.
 */
export function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    listeners.add(setNow);
    timer ??= setInterval(tick, 1000);
    return () => {
      listeners.delete(setNow);
      if (listeners.size === 0 && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  }, []);
  return now;
}
