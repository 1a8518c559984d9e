import { memo, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import type { AuctionItem } from '@gavel/domain';
import { ItemCard } from './ItemCard';
import './item-list.css';

type Layout = 'card' | 'list';

/** A row's first guess, before it is measured: a card's picture and lines; a list row's. */
const ESTIMATED_ROW = { card: 280, list: 120 } as const;
/** The space between rows, as items.css puts between cards and list rows. */
const ROW_GAP = { card: 12, list: 10 } as const;
/** Rows drawn beyond the screen on each side, so a flick or the Tab key never meets a blank. */
const OVERSCAN = 3;
const GRID_CLASS = { card: 'gavel-grid', list: 'gavel-rows' } as const;
/** A card draws again when its item, the layout or the second changes, not at every scroll. */
const Card = memo(ItemCard);

/** The page's scrolling element: Ionic scrolls inside ion-content's shadow root, not the window. */
function useScrollElement(list: RefObject<HTMLElement | null>): HTMLElement | null {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const content = list.current?.closest('ion-content');
    if (!content) return;
    let live = true;
    void content.getScrollElement().then((element) => {
      if (live) setScroller(element);
    });
    return () => {
      live = false;
    };
  }, [list]);
  return scroller;
}

/** The columns of a phone's first screen, before the CSS is read: two cards a row, or one list row. */
function guessColumns(layout: Layout): number {
  return layout === 'card' && window.innerWidth < 720 ? 2 : 1;
}

/**
 * The list's columns as the CSS lays them out (read from a probe with the layout's class: two cards
 * a row on a phone, more on a laptop), and how far below the top of the scrolling content it
 * starts (search, filters and banners are above). Not measured while its page is hidden under
 * another (its width is then 0).
 */
function useListBox(
  list: RefObject<HTMLElement | null>,
  probe: RefObject<HTMLElement | null>,
  scroller: HTMLElement | null,
  layout: Layout,
) {
  const [box, setBox] = useState(() => ({ columns: guessColumns(layout), top: 0 }));
  // Measured again when the list or what holds it changes size: a rotated phone, the page shown
  // again, the filter panel above opened, a banner arrived (never on every render: the list draws
  // each second for its countdowns, and a measure makes the browser lay the page out).
  const [resized, setResized] = useState(0);
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setResized((n) => n + 1));
    observer.observe(element);
    if (element.parentElement) observer.observe(element.parentElement);
    return () => observer.disconnect();
  }, [list]);
  useLayoutEffect(() => {
    const element = list.current;
    const rect = element?.getBoundingClientRect();
    if (!element || !rect || rect.width === 0) return;
    const tracks = probe.current ? getComputedStyle(probe.current).gridTemplateColumns : 'none';
    const columns = tracks === 'none' ? 1 : Math.max(1, tracks.trim().split(/\s+/).length);
    // Before Ionic hands over its scrolling element, its host stands in for it (both start at the top).
    const frame = scroller ?? element.closest('ion-content');
    const top = frame ? Math.round(rect.top - frame.getBoundingClientRect().top + (scroller?.scrollTop ?? 0)) : 0;
    setBox((was) => (was.columns === columns && was.top === top ? was : { columns, top }));
  }, [list, probe, scroller, layout, resized]);
  return box;
}

/**
 * The catalog's cards (or list rows), drawn as they scroll: only the rows on screen and a few
 * either side are in the page, so an event of 1,000 items is as quick to open and scroll as one of
 * 20. Rows are measured as they are drawn (names wrap, some cards have more lines). It stays a
 * list to assistive technology (each item says its place and the total), and the Tab key walks
 * it: the next rows are drawn ahead of the focus. The first row's pictures load first.
 */
export function ItemList({ items, layout, now }: { items: AuctionItem[]; layout: Layout; now: Date }) {
  const list = useRef<HTMLDivElement>(null);
  const probe = useRef<HTMLDivElement>(null);
  const scroller = useScrollElement(list);
  const { columns, top } = useListBox(list, probe, scroller, layout);
  const rows = Math.ceil(items.length / columns);
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller,
    estimateSize: () => ESTIMATED_ROW[layout],
    gap: ROW_GAP[layout],
    overscan: OVERSCAN,
    scrollMargin: top,
    // Until Ionic hands over its scrolling element, the first screen is drawn as if at the top.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    // Under an item's page this page is hidden and its rows measure 0: they keep their height, so
    // the list keeps its length and the bidder comes back to where they were.
    measureElement: (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      return size > 0 ? size : (instance.measurementsCache[instance.indexFromElement(element)]?.size ?? size);
    },
  });
  // A new layout or a new number of columns changes every row's height.
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, layout, columns]);

  return (
    <div
      ref={list}
      className="gavel-item-list"
      role="list"
      aria-label="Auction items"
      data-testid="item-list"
      data-layout={layout}
      style={{ height: virtualizer.getTotalSize() }}
    >
      <div ref={probe} className={`${GRID_CLASS[layout]} gavel-item-list-probe`} aria-hidden="true" />
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          ref={virtualizer.measureElement}
          data-index={row.index}
          role="none"
          className={`${GRID_CLASS[layout]} gavel-item-list-row`}
          style={{ transform: `translateY(${row.start - top}px)` }}
        >
          {items.slice(row.index * columns, (row.index + 1) * columns).map((item, i) => {
            const place = row.index * columns + i;
            return (
              <div key={item.itemid} role="listitem" aria-setsize={items.length} aria-posinset={place + 1}>
                <Card item={item} layout={layout} now={now} priority={row.index === 0} />
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
