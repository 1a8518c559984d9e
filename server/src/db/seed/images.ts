import { escapeHtml as esc } from '../../lib/escape-html';
/**
 * The demo's pictures, drawn here as small SVGs so the product needs no outside address. Each is
 * deterministic: the same name always gives the same picture.
 */
const PALETTES: Array<[string, string]> = [
  ['#4b1f73', '#b05fd6'],
  ['#0f4c5c', '#3fa7a0'],
  ['#8a3b12', '#e39b4d'],
  ['#1f3a93', '#6a8fe8'],
  ['#7a1f3d', '#e46a8e'],
  ['#2d5a27', '#8cc46a'],
  ['#5b4636', '#c9a27a'],
  ['#243447', '#6f8fb0'],
];

export type Motif = 'travel' | 'food' | 'wine' | 'sports' | 'art' | 'experience' | 'home' | 'kids' | 'gift' | 'music';

const MOTIFS: Record<Motif, string> = {
  travel: '<path d="M400 170l40 90h100l-80 60 30 95-90-60-90 60 30-95-80-60h100z" fill="rgba(255,255,255,.85)"/>',
  food: '<circle cx="400" cy="270" r="110" fill="rgba(255,255,255,.85)"/><circle cx="400" cy="270" r="70" fill="rgba(0,0,0,.12)"/>',
  wine: '<path d="M350 160h100c0 90-20 130-50 140v80h40v20h-100v-20h40v-80c-30-10-50-50-50-140z" fill="rgba(255,255,255,.85)"/>',
  sports:
    '<circle cx="400" cy="270" r="110" fill="none" stroke="rgba(255,255,255,.85)" stroke-width="18"/><path d="M290 270h220M400 160v220" stroke="rgba(255,255,255,.85)" stroke-width="14"/>',
  art: '<rect x="300" y="170" width="200" height="200" rx="14" fill="none" stroke="rgba(255,255,255,.85)" stroke-width="16"/><circle cx="360" cy="230" r="22" fill="rgba(255,255,255,.85)"/><path d="M310 350l70-80 50 50 30-30 40 60z" fill="rgba(255,255,255,.85)"/>',
  experience: '<path d="M400 160l28 80h84l-68 50 26 82-70-50-70 50 26-82-68-50h84z" fill="rgba(255,255,255,.85)"/>',
  home: '<path d="M290 290l110-110 110 110v100h-220z" fill="rgba(255,255,255,.85)"/><rect x="375" y="320" width="50" height="70" fill="rgba(0,0,0,.15)"/>',
  kids: '<circle cx="340" cy="250" r="50" fill="rgba(255,255,255,.85)"/><circle cx="460" cy="250" r="50" fill="rgba(255,255,255,.85)"/><rect x="330" y="300" width="140" height="80" rx="30" fill="rgba(255,255,255,.85)"/>',
  gift: '<rect x="300" y="220" width="200" height="160" rx="10" fill="rgba(255,255,255,.85)"/><rect x="390" y="220" width="20" height="160" fill="rgba(0,0,0,.15)"/><path d="M400 220c-40-60-90-40-60-10zM400 220c40-60 90-40 60-10z" fill="rgba(255,255,255,.85)"/>',
  music:
    '<path d="M360 180l120-30v170a40 40 0 1 1-20-34v-96l-80 20v130a40 40 0 1 1-20-34z" fill="rgba(255,255,255,.85)"/>',
};

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** Splits a title into at most two lines of about `width` characters. */
function lines(text: string, width: number): string[] {
  const words = text.split(/\s+/);
  const out: string[] = [''];
  for (const w of words) {
    const last = out[out.length - 1] ?? '';
    if ((last + ' ' + w).trim().length > width && last) {
      if (out.length === 2) {
        out[1] = `${last}…`;
        break;
      }
      out.push(w);
    } else out[out.length - 1] = (last + ' ' + w).trim();
  }
  return out;
}

const toDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** An 800x600 card for an item: a gradient, a motif and the name. `variant` gives a second photo. */
export function itemImage(name: string, motif: Motif, variant = 0): string {
  const h = hash(`${name}:${variant}`);
  const [a, b] = PALETTES[h % PALETTES.length] ?? PALETTES[0] ?? ['#444', '#888'];
  const angle = (h >> 3) % 360;
  const title = lines(name, 22)
    .map(
      (l, i) =>
        `<text x="400" y="${470 + i * 52}" text-anchor="middle" font-family="sans-serif" font-size="44" font-weight="700" fill="#fff">${esc(l)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600"><defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/><circle cx="${120 + (h % 560)}" cy="${80 + ((h >> 5) % 120)}" r="${60 + (h % 50)}" fill="rgba(255,255,255,.08)"/>${variant > 0 ? `<g transform="rotate(${variant * 12} 400 270)">${MOTIFS[motif]}</g>` : MOTIFS[motif]}${title}</svg>`;
  return toDataUrl(svg);
}

/** The event logo: a gavel in gold on plum, with the event's initials. */
export function logoImage(initials: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="320" height="200"><rect width="320" height="200" rx="28" fill="#4b1f73"/><g transform="rotate(-35 110 100)" fill="#f6c453"><rect x="60" y="55" width="100" height="38" rx="8"/><rect x="100" y="90" width="20" height="80" rx="6"/></g><text x="225" y="118" text-anchor="middle" font-family="serif" font-size="56" font-weight="700" fill="#fff">${esc(initials)}</text></svg>`;
  return toDataUrl(svg);
}

/** A wide sponsor banner with the sponsor's name. */
export function sponsorImage(name: string): string {
  const h = hash(name);
  const [a, b] = PALETTES[h % PALETTES.length] ?? PALETTES[0] ?? ['#444', '#888'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 160" width="600" height="160"><rect width="600" height="160" rx="18" fill="#fff" stroke="${a}" stroke-width="4"/><circle cx="80" cy="80" r="44" fill="${b}"/><text x="80" y="95" text-anchor="middle" font-family="sans-serif" font-size="40" font-weight="700" fill="#fff">${esc(name.charAt(0))}</text><text x="150" y="92" font-family="sans-serif" font-size="34" font-weight="700" fill="${a}">${esc(name)}</text></svg>`;
  return toDataUrl(svg);
}
