import { join } from 'node:path';
import { z } from 'zod';
import { keptFile } from './kept-file';

/**
 * The files of a screen the bidder app loads lazily (its chunk, the chunks that one imports, their
 * styles), named in the page so the browser fetches them beside the app's first scripts instead of
 * after them: the item list and an item's page draw one round trip sooner. Read from the build's
 * manifest (web/vite.config.ts writes it); without one, nothing is named.
 */

/**
 * The modules each page the page data knows loads beyond what index.html names (its entry, and the
 * app the entry starts: web/compile-hints.ts), as the build's manifest names them: the screen
 * (web/src/routes.tsx).
 */
const SCREEN_MODULES: Record<'event' | 'items' | 'item', readonly string[]> = {
  event: [],
  items: ['src/features/items/itemPages.ts'],
  item: ['src/features/items/itemPages.ts'],
};
export type PreloadedScreen = keyof typeof SCREEN_MODULES;

const manifestEntry = z.object({
  file: z.string(),
  imports: z.array(z.string()).optional(),
  css: z.array(z.string()).optional(),
});
const manifestSchema = z.record(z.string(), manifestEntry);
type Manifest = z.infer<typeof manifestSchema>;

/** The build's own file names only: nothing else is written into the page. */
const BUILT_SCRIPT = /^assets\/[\w.-]+\.js$/;
const BUILT_STYLE = /^assets\/[\w.-]+\.css$/;

/** The build's manifest, read again only when the build changes. */
const readManifest = keptFile((text) => manifestSchema.safeParse(JSON.parse(text)).data ?? null);
const manifestOf = async (dist: string): Promise<Manifest | null> =>
  (await readManifest(join(dist, '.vite', 'manifest.json'))) ?? null;

/** A screen's scripts and styles, each once, from its chunk through every chunk it imports. */
function filesOf(manifest: Manifest, key: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (at: string) => {
    const entry = manifest[at];
    if (!entry || seen.has(at)) return;
    seen.add(at);
    if (BUILT_SCRIPT.test(entry.file)) scripts.add(`/${entry.file}`);
    for (const css of entry.css ?? []) if (BUILT_STYLE.test(css)) styles.add(`/${css}`);
    for (const next of entry.imports ?? []) visit(next);
  };
  visit(key);
  return { scripts: [...scripts], styles: [...styles] };
}

/** `<link>`s for a screen's files that the page does not already name (its entry's own are in it). */
export async function screenPreloads(dist: string, screen: PreloadedScreen, html: string): Promise<string> {
  const manifest = await manifestOf(dist);
  if (!manifest) return '';
  const files = SCREEN_MODULES[screen].map((key) => filesOf(manifest, key));
  const scripts = [...new Set(files.flatMap((f) => f.scripts))];
  const styles = [...new Set(files.flatMap((f) => f.styles))];
  const missing = (href: string) => !html.includes(`"${href}"`);
  return [
    ...scripts.filter(missing).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...styles.filter(missing).map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ].join('');
}
