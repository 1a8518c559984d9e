import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';

/**
 * What the display board shows, measured in the page: its heap and DOM, its QR code, where its
 * parts sit, text cut off or too small, its fades, its address and its sponsors' logos.
 */

/** The JS heap in use after a full collection, in bytes (Chromium's DevTools protocol). */
export async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    // Twice: the second collection frees what the first only finalised (the first reading was up to 100 KB higher).
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  } finally {
    await cdp.detach();
  }
}

/** Elements in the document. */
export async function domNodes(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

/**
 * What the board's QR code says: the <img> drawn onto a canvas in the page (white behind, four
 * pixels a module or more), its pixels read back and decoded here.
 */
export async function decodeQr(qr: Locator): Promise<string | null> {
  const size = 400;
  const rgba = await qr.evaluate((img, side) => {
    if (!(img instanceof HTMLImageElement)) throw new Error('the QR code is not an <img>');
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d canvas');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, side, side);
    g.imageSmoothingEnabled = false;
    g.drawImage(img, 0, 0, side, side);
    // As base64: an array of 640,000 numbers is slow to carry across.
    const bytes = g.getImageData(0, 0, side, side).data;
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, size);
  return jsQR(new Uint8ClampedArray(Buffer.from(rgba, 'base64')), size, size)?.data ?? null;
}

export interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Ancestors that clip (overflow other than visible) and do not wholly contain the element. */
  clippedBy: string[];
}

/** The boxes of the board's always-on parts, by test id, with what clips each. */
export async function partBoxes(page: Page, testIds: string[]): Promise<Box[]> {
  return page.evaluate((ids) => {
    const within = (a: DOMRect, b: DOMRect) =>
      a.left >= b.left - 1 && a.top >= b.top - 1 && a.right <= b.right + 1 && a.bottom <= b.bottom + 1;
    return ids.map((id) => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      if (!el) throw new Error(`no ${id} on the board`);
      const r = el.getBoundingClientRect();
      const clippedBy: string[] = [];
      for (let a = el.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        if (!within(r, a.getBoundingClientRect())) clippedBy.push(a.className || a.tagName);
      }
      return { name: id, x: r.x, y: r.y, width: r.width, height: r.height, clippedBy };
    });
  }, testIds);
}

/** Do two boxes share any area (a pixel of touching allowed)? */
export function overlap(a: Box, b: Box): boolean {
  return a.x + a.width > b.x + 1 && b.x + b.width > a.x + 1 && a.y + a.height > b.y + 1 && b.y + b.height > a.y + 1;
}

/** The visible elements of these test ids whose text is wider than they are (cut off, or ended with an ellipsis). */
export async function cutText(page: Page, testIds: string[]): Promise<string[]> {
  return page.evaluate((ids) => {
    const cut: string[] = [];
    for (const id of ids) {
      for (const el of document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)) {
        if (!el.checkVisibility()) continue;
        // Across only: a line cut short (an ellipsis). Tall glyphs may overhang a tight line height by a pixel or two.
        if (el.scrollWidth > el.clientWidth + 1)
          cut.push(`${id} '${el.textContent ?? ''}' needs ${el.scrollWidth}px of ${el.clientWidth}px`);
      }
    }
    return cut;
  }, testIds);
}

/** The smallest computed font size of any visible element with text of its own, and where. */
export async function smallestText(page: Page): Promise<{ px: number; text: string }> {
  return page.evaluate(() => {
    let smallest = { px: Infinity, text: '' };
    for (const el of document.body.querySelectorAll('*')) {
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!own || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const px = parseFloat(getComputedStyle(el).fontSize);
      if (px < smallest.px) smallest = { px, text: own.slice(0, 60) };
    }
    return smallest;
  });
}

/** Waits until the page's animations (the board's fades) have finished, for a still screenshot. */
export async function settledBoard(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.fonts.status === 'loaded' && document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

/** How many lines of text an element shows: its height inside the padding over its line height. */
export async function linesShown(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const s = getComputedStyle(node);
    const inner = node.clientHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom);
    return Math.round(inner / parseFloat(s.lineHeight));
  });
}

/**
 * The bid address's pieces that are broken across lines or stick out of its box: none when the
 * address only breaks between pieces (after a '/', before a '.') and each piece fits whole.
 */
export async function brokenAddressParts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const box = document.querySelector('[data-testid="board-bidurl"]');
    if (!box) throw new Error('no bid address on the board');
    const room = box.getBoundingClientRect();
    const broken: string[] = [];
    for (const part of box.querySelectorAll('[data-testid="board-bidurl-part"]')) {
      const rects = part.getClientRects();
      const r = part.getBoundingClientRect();
      if (rects.length !== 1) broken.push(`'${part.textContent ?? ''}' on ${rects.length} lines`);
      else if (r.left < room.left - 1 || r.right > room.right + 1)
        broken.push(
          `'${part.textContent ?? ''}' sticks out (${Math.round(r.left)}-${Math.round(r.right)} of ${Math.round(room.left)}-${Math.round(room.right)})`,
        );
    }
    if (box.scrollWidth > box.clientWidth + 1)
      broken.push(`the address needs ${box.scrollWidth}px of ${box.clientWidth}px`);
    return broken;
  });
}

/**
 * The sponsors' logos on screen: the height the picture is drawn at, and whether its shape is kept
 * (its box has the picture's own proportions, or the box draws it whole inside with `contain`).
 */
export async function sponsorLogos(
  page: Page,
): Promise<Array<{ src: string; drawnHeight: number; shapeKept: boolean }>> {
  return page.getByTestId('board-sponsor').evaluateAll((imgs) =>
    imgs.map((img) => {
      if (!(img instanceof HTMLImageElement)) throw new Error('a sponsor is not an <img>');
      const r = img.getBoundingClientRect();
      const own = img.naturalWidth / img.naturalHeight;
      const fit = getComputedStyle(img).objectFit;
      const shapeKept = Math.abs(r.width / r.height - own) < 0.02 * own || fit === 'contain' || fit === 'scale-down';
      return {
        src: img.src.slice(0, 40),
        drawnHeight: fit === 'contain' ? Math.min(r.height, r.width / own) : r.height,
        shapeKept,
      };
    }),
  );
}
