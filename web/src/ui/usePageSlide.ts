import { useEffect, useState } from 'react';
import { type AnimationBuilder, getConfig } from '@ionic/react';
import { nextTask } from '../nextTask';

/**
 * The page slide for the router outlet (ui/pageSlide.ts), loaded a task after the app's first
 * drawing: Ionic's animation code is not in the first load, and the first screen waits for
 * nothing. Until it is here (and on a phone set to reduce motion, which slides no pages at all)
 * the outlet keeps Ionic's own slide.
 */
export function usePageSlide(): AnimationBuilder | undefined {
  const [slide, setSlide] = useState<AnimationBuilder>();
  useEffect(() => {
    // Ionic slides nothing when main.tsx set it not to (a phone set to reduce motion).
    if (getConfig()?.getBoolean('animated', true) === false) return;
    let mounted = true;
    nextTask(() => {
      void import('./pageSlide').then(({ pageSlide }) => {
        if (mounted) setSlide(() => pageSlide);
      });
    });
    return () => {
      mounted = false;
    };
  }, []);
  return slide;
}
