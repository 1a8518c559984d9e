import type { Plugin, Rolldown } from 'vite';

/** V8's per-file compile hint: a magic comment at the very start of the file. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

const slashed = (id: string) => id.replace(/\\/g, '/');

/**
 * The chunks a page loads at once from each of `roots` (the chunks whose module ends so, and
 * index.html's entry when `entry` is set) through every chunk they import statically, each once,
 * in the order met. Throws when a root has no chunk: a renamed module must not leave a plugin
 * quietly doing nothing.
 */
function loadedAtOnce(
  bundle: Rolldown.OutputBundle,
  roots: readonly string[],
  { entry = false } = {},
): Rolldown.OutputChunk[] {
  const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  const starts = roots.map((root) => {
    const chunk = chunks.find((c) => slashed(c.facadeModuleId ?? '').endsWith(root));
    if (!chunk) throw new Error(`${root} has no chunk`);
    return chunk;
  });
  if (entry) {
    const page = chunks.find((c) => c.isEntry && /[\\/]index\.html$/.test(c.facadeModuleId ?? ''));
    if (!page) throw new Error('index.html has no entry chunk');
    starts.unshift(page);
  }
  const found = new Map<string, Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const next of chunk.imports) {
      const imported = bundle[next];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  for (const chunk of starts) visit(chunk);
  return [...found.values()];
}

/**
 * Marks the chunks the bidder app runs at start (the page's entry, the modules it imports later
 * that every visit runs, and what each imports statically) with V8's per-file compile hint:
 * the start in its task of its own, and the item list and item pages, where most visits begin. Chrome then
 * compiles their functions on the background thread that streams each file in, instead of one by
 * one on the main thread the first time each runs: the first render and the module evaluations of
 * the first load were mostly that compilation, in long tasks a phone's taps wait behind. Other
 * browsers read a comment. The other screens' chunks stay unmarked: most of their code may never run.
 *
 * Written last, once the bundle is complete (minification drops comments, and the build puts its
 * own preload list at the top of a chunk after the banners): the hint must open the file.
 */
export function compileHints(roots: readonly string[]): Plugin {
  return {
    name: 'gavel-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of loadedAtOnce(bundle, roots, { entry: true })) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      },
    },
  };
}

/**
 * Names in index.html, as module preloads, the chunks (and their stylesheets) of the modules the
 * entry imports later at every start (start.ts, then render.tsx): the browser fetches them beside
 * the entry instead of one round trip after another as each import runs. Pages with a first screen
 * hold them back with the entry's own until it has painted (server/src/lib/first-screen.ts).
 */
export function startPreloads(roots: readonly string[]): Plugin {
  return {
    name: 'gavel-start-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (!bundle || !slashed(filename).endsWith('/index.html')) return html;
        const chunks = loadedAtOnce(bundle, roots);
        const styles = new Set(chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
        const named = (file: string) => html.includes(`/${file}"`);
        const links = [
          ...chunks
            .map((chunk) => chunk.fileName)
            .filter((f) => !named(f))
            .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
          ...[...styles]
            .filter((f) => !named(f))
            .map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
        ];
        return html.replace(/\n?(\s*)<\/head>/, (_all, indent: string) =>
          [...links.map((link) => `\n${indent}  ${link}`), `\n${indent}</head>`].join(''),
        );
      },
    },
  };
}
