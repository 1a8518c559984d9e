import { renderSVG } from 'uqr';

/** Boards ask for the same few addresses again and again; a code is drawn once per address. */
const MAX_CODES = 100;
const codes = new Map<string, string>();

/** The QR code of `url` as an SVG, drawn on this server (no outside service sees the address). */
export function qrSvg(url: string): string {
  const hit = codes.get(url);
  if (hit !== undefined) return hit;
  const svg = renderSVG(url, { ecc: 'M', border: 2 });
  if (codes.size >= MAX_CODES) {
    const oldest = codes.keys().next();
    if (!oldest.done) codes.delete(oldest.value);
  }
  codes.set(url, svg);
  return svg;
}
