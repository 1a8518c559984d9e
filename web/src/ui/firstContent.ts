import { startTransition, useEffect, useState } from 'react';
import { nextTask } from '../nextTask';

/**
 * False at first, true a task later, set in a transition React cuts into short slices; true from
 * the start when `now`. For a part of a screen drawn after the rest, so that Ionic's components
 * connecting (each renders itself in the same task as the React commit that adds it) are spread
 * over short tasks instead of one long one, in which a phone's tap waits.
 */
export function useDrawnLater(now = false, onDrawn?: () => void): boolean {
  const [ready, setReady] = useState(now);
  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    nextTask(() => {
      if (cancelled) return;
      startTransition(() => {
        onDrawn?.();
        setReady(true);
      });
    });
    return () => {
      cancelled = true;
    };
  }, [ready, onDrawn]);
  return ready;
}

/** Set once the app's first page has drawn its content: every page after it draws at once. */
let firstDrawn = false;
const markFirstDrawn = () => {
  firstDrawn = true;
};

/**
 * Whether a page frame (ui/PageFrame.tsx) draws its content yet. The app's first page draws its
 * frame (header, toolbar, an empty content area) first and its content a task later. Ionic's
 * router outlet renders the first page inside its own commit (a forced update in a layout effect,
 * which React cannot cut up), and the frame's Ionic components then render in that same task: with
 * the content as well, a phone's slow CPU was held for one long task (about 130 ms at Lighthouse's
 * 4x slowdown on the item page). Pages opened later draw at once, so moving between screens never
 * shows an empty frame.
 */
export function useContentReady(): boolean {
  return useDrawnLater(firstDrawn, markFirstDrawn);
}
