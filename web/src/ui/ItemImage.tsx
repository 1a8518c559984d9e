import { IMAGE_BREAKPOINTS, imageSources } from '@gavel/domain';

/**
 * How wide each place draws a picture, for `sizes`, so the browser fetches the copy it needs
 * (domain/src/images.ts). Read from the layout and measured in Chromium from 390 to 1920px wide:
 * ion-content's 16px padding each side, the page column at most 560px on a phone (theme.css
 * .gavel-narrow) and 1200px from 720px wide (items-layout.css). A layout change changes these.
 */
export const IMAGE_SIZES = {
  /** Cards, two a row (12px apart) on a phone; 200 to 288px in the laptop's grid. */
  card: '(min-width: 1100px) 288px, (min-width: 720px) 250px, (min-width: 592px) 274px, calc(50vw - 22px)',
  /** The list's rows: the column on a phone; on a laptop one row across, or two from 844px wide. */
  row: '(min-width: 1232px) 594px, (min-width: 844px) calc(50vw - 22px), (min-width: 720px) calc(100vw - 32px), (min-width: 592px) 560px, calc(100vw - 32px)',
  /** The item page's photos: the column on a phone; on a laptop the left 1.15 of 2.15 of the page, past a 24px gap. */
  photo:
    '(min-width: 1232px) 629px, (min-width: 720px) calc(53.5vw - 30px), (min-width: 592px) 560px, calc(100vw - 32px)',
  /** The display board's cards (three a row beside its side panel) and its one big picture. */
  boardCard: '26vw',
  boardDetail: '40vw',
} as const;

/**
 * A stored picture at the width its place shows: `srcset` offers every copy, `sizes` says how
 * wide it is drawn. Its box is 4:3 (the places' CSS crops to it), given as width and height, so
 * nothing moves when it arrives. `priority` for the picture a page opens on (its largest paint):
 * fetched first, never held back as off screen.
 */
export function ItemImage({
  url,
  alt,
  sizes,
  priority = false,
  testId,
}: {
  url: string;
  alt: string;
  sizes: string;
  priority?: boolean;
  testId?: string;
}) {
  const { src, srcSet } = imageSources(url, priority ? IMAGE_BREAKPOINTS[2] : undefined);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={800}
      height={600}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      data-testid={testId}
    />
  );
}
