import { startTransition, useEffect, useState } from 'react';
import { nextTask } from '../nextTask';

/** Set once the app's first page has drawn its content: every page after it draws at once. */
let firstDrawn = false;

/**
 * Whether a page frame (ui/PageFrame.tsx) draws its content yet. The app's first page draws its
 * frame (header, toolbar, an empty content area) first and its content a task later, in a
 * transition React cuts into short slices. Ionic's router outlet renders the first page inside
 * its own commit (a forced update in a layout effect, which React cannot cut up), and the frame's
 * Ionic components then render in that same task: with the content as well, a phone's slow CPU
 * was held for one long task (about 130 ms at Lighthouse's 4x slowdown on the item page), which a
 * tap on the server's first screen waited behind. Pages opened later draw at once, so moving
 * between screens never shows an empty frame. (A page gone before the task comes only sets a flag
 * and the state of a component React has let go.)
 */
export function useContentReady(): boolean {
  const [ready, setReady] = useState(firstDrawn);
  useEffect(() => {
    if (ready) return;
    nextTask(() =>
      startTransition(() => {
        firstDrawn = true;
        setReady(true);
      }),
    );
  }, [ready]);
  return ready;
}
