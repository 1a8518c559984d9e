import { renderSVG } from 'uqr';
import { Bounded } from '../../lib/bounded';

/** Boards ask for the same few addresses again and again; a code is drawn once per address. */
const MAX_CODES = 100;
const codes = new Bounded<string, string>(MAX_CODES);

/** The QR code of `url` as an SVG, drawn on this server (no outside service sees the address). */
export function qrSvg(url: string): string {
  const hit = codes.get(url);
  if (hit !== undefined) return hit;
  const svg = renderSVG(url, { ecc: 'M', border: 2 });
  codes.set(url, svg);
  return svg;
}
