import type { Plugin, Rolldown } from 'vite';

/** V8's per-file compile hint: a magic comment at the very start of the file. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

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
  const slashed = (id: string) => id.replace(/\\/g, '/');
  return {
    name: 'gavel-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry && /[\\/]index\.html$/.test(c.facadeModuleId ?? ''));
        const starts = roots.map((root) => chunks.find((c) => slashed(c.facadeModuleId ?? '').endsWith(root)));
        if (!entry || starts.some((c) => !c)) return this.error(`gavel-compile-hints: a chunk is missing for ${roots.join(', ')}`);
        const marked = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || marked.has(fileName)) return;
          marked.add(fileName);
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          for (const next of chunk.imports) visit(next);
        };
        for (const chunk of [entry, ...starts]) if (chunk) visit(chunk.fileName);
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
  const slashed = (id: string) => id.replace(/\\/g, '/');
  return {
    name: 'gavel-start-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (!bundle || !slashed(filename).endsWith('/index.html')) return html;
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || scripts.has(fileName)) return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const next of chunk.imports) visit(next);
        };
        for (const root of roots) {
          const chunk = chunks.find((c) => slashed(c.facadeModuleId ?? '').endsWith(root));
          if (!chunk) throw new Error(`gavel-start-preloads: ${root} has no chunk`);
          visit(chunk.fileName);
        }
        const named = (file: string) => html.includes(`/${file}"`);
        const links = [
          ...[...scripts].filter((f) => !named(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
          ...[...styles].filter((f) => !named(f)).map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
        ];
        return html.replace(/\n?(\s*)<\/head>/, (_all, indent: string) =>
          [...links.map((link) => `\n${indent}  ${link}`), `\n${indent}</head>`].join(''),
        );
      },
    },
  };
}
