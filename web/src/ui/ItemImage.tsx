import { IMAGE_BREAKPOINTS, imageSources } from '@gavel/domain';

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
