import type { DemoItem, Row } from './demo-item-row';
import { BID_ROWS } from './demo-items-bid';
import { FIXED_ROWS } from './demo-items-fixed';
import { itemImage } from './images';

/** Every row in item-number order, which is also the order the catalog features them in. */
const ROWS: Row[] = [...BID_ROWS, ...FIXED_ROWS].sort((a, b) => Number(a.num) - Number(b.num));

/**
 * How each demo item is deductible, said explicitly as the console asks: a fund-a-need gives
 * nothing back ('full'); a priceless item has no good-faith estimate of its value, so its receipt
 * claims nothing deductible rather than all of it ('none'); everything else, what was paid above
 * its value.
 */
function deductibleOf(r: Row): 'value' | 'full' | 'none' {
  if (r.extra?.paddlelevels?.length) return 'full';
  if (r.extra?.ispriceless) return 'none';
  return 'value';
}

/** The demo's 33 items, covering every card variant and field. `soonCloses` is an early close for a few items. */
export function demoItems(soonCloses: string): DemoItem[] {
  return ROWS.map((r, i) => {
    const { closing, ...extra } = r.extra ?? {};
    const photos = Array.from({ length: r.photos ?? 1 }, (_, n) => itemImage(r.name, r.motif, n));
    return {
      itemnum: r.num,
      name: r.name,
      description: r.text,
      longdescription: `<p>Generously donated by <strong>${r.by}</strong>.</p><p>Pick up at the registration desk after the event, or ask a volunteer to arrange delivery. Certificates are valid for one year from the gala.</p>`,
      donatedby: r.by,
      fairmarketvalue: typeof r.fmv === 'number' ? r.fmv : 0,
      deductible: deductibleOf(r),
      imageurl: photos[0],
      photos: photos.length > 1 ? photos : [],
      tags: r.tags,
      location: r.where,
      quantity: 1,
      featured: i,
      // Gift items are handed over at the gift table; everything else follows the event's pickup instructions.
      ...(r.motif === 'gift'
        ? { pickupinstructions: 'Pick up at the gift table by the main entrance, any time tonight.' }
        : {}),
      ...extra,
      ...(closing === 'soon' ? { closing: soonCloses } : {}),
    };
  });
}
