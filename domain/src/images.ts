/**
 * Stored images and their resized copies (issue 31). The server makes WebP copies of every stored
 * raster image once, off the request path, at the spec's breakpoints ("Image breakpoints 0, 480,
 * 576, 768, 992, 1200 px": 0 means below 480, served by the thumbnail or the original) and a card
 * thumbnail; each copy has an address of its own, `/media/{id}/{width}.webp`.
 *
 * A copy address never fails: for a width the image has no copy of (it is narrower than that, it
 * is an SVG, or its copies are not made yet) the server answers the nearest narrower copy, or the
 * original. So the web may offer every width in `srcset` without asking which exist.
 */

/** The spec's breakpoints above 0, in pixels: the widths of an image's copies. */
export const IMAGE_BREAKPOINTS = [480, 576, 768, 992, 1200] as const;

/**
 * The card thumbnail's width. A phone shows the item list two cards a row, each at most about
 * 200 CSS pixels wide (half a 390 to 430 px screen), so 400 pixels are sharp at the common
 * density of 2; a laptop's cards (200 to 280 px) at density 1 fit too. Narrower would blur on
 * phones; 480 (the first breakpoint) would send a fifth more bytes to every card.
 */
export const CARD_THUMBNAIL_WIDTH = 400;

/** Every width a copy is made at, narrowest first. */
export const IMAGE_COPY_WIDTHS: readonly number[] = [CARD_THUMBNAIL_WIDTH, ...IMAGE_BREAKPOINTS];

const STORED = /^\/media\/([A-Za-z0-9_-]{1,64})$/;

/** The stored image's id of a `/media/{id}` address, or null for any other address (https, a path). */
export function storedImageId(url: string): string | null {
  return STORED.exec(url)?.[1] ?? null;
}

/** The address of a stored image's copy at `width`; any other address is answered as it is. */
export function imageCopyUrl(url: string, width: number): string {
  const id = storedImageId(url);
  return id ? `/media/${id}/${width}.webp` : url;
}

/** The card thumbnail of an image: its small copy when it is stored here, the address itself otherwise. */
export function thumbnailUrl(url: string): string {
  return url ? imageCopyUrl(url, CARD_THUMBNAIL_WIDTH) : '';
}

export interface ImageSources {
  src: string;
  /** Every copy with its width, for `srcset`; absent for an image stored elsewhere. */
  srcSet?: string;
}

/**
 * What an `<img>` of an image needs: `src` is the copy at `fallback` pixels (for the rare browser
 * that ignores `srcset`), `srcSet` every copy, so the browser picks the one its layout and
 * density need by the element's `sizes`.
 */
export function imageSources(url: string, fallback = CARD_THUMBNAIL_WIDTH): ImageSources {
  if (!storedImageId(url)) return { src: url };
  return {
    src: imageCopyUrl(url, fallback),
    srcSet: IMAGE_COPY_WIDTHS.map((w) => `${imageCopyUrl(url, w)} ${w}w`).join(', '),
  };
}

/**
 * How wide each place draws a picture, for `sizes`, so the browser fetches the copy it needs
 * (imageSources below). Read from the layout and measured in Chromium from 390 to 1920px wide:
 * ion-content's 16px padding each side, the page column at most 560px on a phone (web/src/theme.css
 * .gavel-narrow) and 1200px from 720px wide (items-layout.css); the server's first screen
 * (server/src/lib/first-screen.ts) draws with the same. A layout change changes these.
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
