import { type Animation, createAnimation, iosTransitionAnimation } from '@ionic/core/components';

/** What Ionic's router outlet hands a page transition: the pages, the direction, the timing. */
type SlideOptions = Parameters<typeof iosTransitionAnimation>[1];

const HEADER = ':scope > .gavel-header';

/**
 * Ionic's iOS page slide, with the bidder screens' plain header (ui/PageFrame.tsx) sliding with
 * its page. Ionic's slide moves a page's content and its own header's parts; a plain header is
 * neither, so without this it stood still: the next page's header showed at once, over the last
 * page's content still sliding out. The header moves as the content does, on the same clock:
 * forward, the new page's from the right and the old page's a third to the left, dimming; back,
 * the other way round.
 */
export function pageSlide(navEl: HTMLElement, opts: SlideOptions): Animation {
  const slide = iosTransitionAnimation(navEl, opts);
  const back = opts.direction === 'back';
  const entering = opts.enteringEl.querySelector<HTMLElement>(HEADER);
  if (entering) {
    const header = createAnimation().addElement(entering).beforeClearStyles(['opacity']);
    if (back) header.fromTo('transform', 'translateX(-33%)', 'translateX(0%)').fromTo('opacity', 0.8, 1);
    else header.fromTo('transform', 'translateX(99.5%)', 'translateX(0%)');
    slide.addAnimation(header);
  }
  const leaving = opts.leavingEl?.querySelector<HTMLElement>(HEADER);
  if (leaving) {
    const header = createAnimation().addElement(leaving);
    if (back) header.fromTo('transform', 'translateX(0%)', 'translateX(100%)');
    else header.fromTo('transform', 'translateX(0%)', 'translateX(-33%)').fromTo('opacity', 1, 0.8);
    slide.addAnimation(header);
  }
  return slide;
}
