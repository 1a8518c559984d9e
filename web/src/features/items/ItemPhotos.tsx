import { type KeyboardEvent, useRef, useState } from 'react';
import { type AuctionItem, IMAGE_SIZES } from '@gavel/domain';
import { usePhotos } from '../../queries/items';
import { ItemImage } from '../../ui/ItemImage';

/**
 * The item's photos: a strip to swipe, with a dot per photo showing where the bidder is. The
 * strip takes the arrow keys and each dot is a button, so it works without a finger too.
 */
export function ItemPhotos({ item }: { item: AuctionItem }) {
  const photos = usePhotos(item.itemid).data ?? (item.imageurl ? [{ photourl: item.imageurl }] : []);
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  if (photos.length === 0) return null;
  const last = photos.length - 1;
  // The strip's own padding (wider on a phone, where the strip runs to the screen's edges).
  const inset = (el: HTMLElement) => parseFloat(getComputedStyle(el).paddingLeft) || 0;
  const show = (i: number) => {
    const target = Math.max(0, Math.min(last, i));
    const el = strip.current;
    const photo = el?.children[target];
    if (el && photo instanceof HTMLElement) el.scrollTo({ left: photo.offsetLeft - inset(el), behavior: 'smooth' });
    setIndex(target);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') show(index + 1);
    else if (e.key === 'ArrowLeft') show(index - 1);
    else return;
    e.preventDefault();
  };
  // The photo nearest the strip's left edge is the one in view (the strip is their offset parent).
  const onScroll = () => {
    const el = strip.current;
    if (!el) return;
    const pad = inset(el);
    const lefts = Array.from(el.children, (c) => (c instanceof HTMLElement ? c.offsetLeft - pad : 0));
    const nearest = lefts.reduce(
      (best, left, i) => (Math.abs(left - el.scrollLeft) < Math.abs((lefts[best] ?? 0) - el.scrollLeft) ? i : best),
      0,
    );
    setIndex(nearest);
  };
  return (
    <div className="gavel-photos-wrap">
      <div
        ref={strip}
        className="gavel-photos"
        data-testid="item-photos"
        role="region"
        aria-roledescription="carousel"
        aria-label={
          photos.length > 1 ? `Photos of ${item.name}: use the arrow keys for the next photo` : `Photo of ${item.name}`
        }
        tabIndex={photos.length > 1 ? 0 : undefined}
        onKeyDown={onKey}
        onScroll={onScroll}
      >
        {photos.map((p, i) => (
          <ItemImage
            key={p.photourl}
            url={p.photourl}
            alt={`${item.name}, photo ${i + 1} of ${photos.length}`}
            sizes={IMAGE_SIZES.photo}
            priority={i === 0}
          />
        ))}
      </div>
      {photos.length > 1 ? (
        <div className="gavel-dots" data-testid="photo-dots">
          {photos.map((p, i) => (
            <button
              key={p.photourl}
              type="button"
              className="gavel-dot"
              aria-label={`Photo ${i + 1} of ${photos.length}`}
              aria-current={i === index ? 'true' : undefined}
              data-testid="photo-dot"
              onClick={() => show(i)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
