import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './precompress';
import { zodWithoutEval, zodWithoutJsonSchema } from './zod-plugins';
import { compileHints, startPreloads } from './compile-hints';

// Ionic's packages do not declare themselves free of side effects, so without help the bundler
// keeps every Ionic component. These modules only define components, so unused ones may go.
const ionicPureModule = /@ionic\/core\/components\/(ion-[\w-]+|index)\.js$|@ionic\/react\/dist\/index\.js$/;
const ionicReactIndex = /@ionic\/react\/dist\/index\.js$/;
// Our domain package only defines rules and schemas. Said so here, the card form takes the few card
// rules it uses instead of every schema (and zod) behind the package's index.
const domainModule = /[\\/]domain[\\/]src[\\/].+\.ts$/;
const apiPort = process.env.GAVEL_API_PORT ?? '8080';
/** The display board's addresses in development (the server decides with parseBoardRoute in domain/). */
const boardPath = /^\/[^/]+\/(detail|list)(\/|$)/;
/** The organizer console's addresses (the server decides with isConsolePath in domain/). */
const consolePath = /^\/(console|[^/]+\/console)(\/|$)/;

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * In development the app's own server is not the one serving pages, so the hosted card form's
 * address (/testpay/card-form, as the API names it) and the display board's addresses are
 * answered here with the pages being edited.
 */
function cardFormInDev(): Plugin {
  return {
    name: 'gavel-card-form-dev',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.startsWith('/testpay/card-form'))
          req.url = req.url.replace('/testpay/card-form', '/card-form.html');
        else if (req.url && boardPath.test(req.url.split('?')[0] ?? '')) req.url = '/board.html';
        else if (req.url && consolePath.test(req.url.split('?')[0] ?? '')) req.url = '/console.html';
        next();
      });
    },
  };
}

/**
 * A few of @ionic/react's wrappers (tabs, nav, page, icon) are made by calls it does not mark pure,
 * and its class components extend `React.Component`, a property read the bundler must keep; so the
 * tab bar, tabs and nav behind them stayed in the first load though the app never shows one. Marked
 * pure, and extending React's classes by name, an unused wrapper goes like any other.
 */
function ionicPureWrappers(): Plugin {
  return {
    name: 'gavel-ionic-pure-wrappers',
    transform(code, id) {
      if (!ionicReactIndex.test(id)) return null;
      const pure = code
        .replace(
          /^const (\w+) = (createForwardRef|createReactComponent|React\.memo)\(/gm,
          'const $1 = /*@__PURE__*/ $2(',
        )
        // `extends React.Component` reads a property, which the bundler must assume may do something.
        .replace(
          / extends React\.(Pure)?Component \{/g,
          (_m, p: string | undefined) => ` extends ${p ? 'IonicPureBase' : 'IonicBase'} {`,
        );
      return {
        code: `import { Component as IonicBase, PureComponent as IonicPureBase } from 'react';\n${pure}`,
        map: null,
      };
    },
  };
}

const ionicComponentModule = /@ionic\/core\/components\/[\w-]+\.js$/;
const quoted = String.raw`(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')`;
const modeStyles = new RegExp(String.raw`(static get style\(\)\{return\{ios:${quoted},md:)${quoted}`, 'g');

/**
 * Every Ionic component carries its styles for both modes. The app runs in iOS mode everywhere
 * (setupIonicReact in main.tsx, and no component sets another mode), so the Material ('md')
 * styles are never applied: dropped here, they stop weighing on every screen's download.
 */
function ionicIosStylesOnly(): Plugin {
  return {
    name: 'gavel-ionic-ios-styles-only',
    transform(code, id) {
      if (!ionicComponentModule.test(id) || !code.includes('md:')) return null;
      return { code: code.replace(modeStyles, '$1""'), map: null };
    },
  };
}

/**
 * The bidder app's stylesheets move from the head to the end of the body: the browser paints the
 * loading screen above them (its look is inline in index.html) without waiting for them, and holds
 * back the rest, the app's scripts included, until they have arrived, so the app never draws unstyled.
 */
function stylesAfterShell(): Plugin {
  const stylesheet = /\s*<link rel="stylesheet"[^>]*>/g;
  return {
    name: 'gavel-styles-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename }) {
        if (!filename.endsWith(`${sep}index.html`) && !filename.endsWith('/index.html')) return html;
        const links = html.match(stylesheet) ?? [];
        if (links.length === 0) return html;
        const body = html.replace(stylesheet, '');
        const tags = links.map((link) => link.trim());
        return body.replace(/\n( *)<\/body>/, (_all, indent: string) =>
          [...tags.map((tag) => `\n${indent}  ${tag}`), `\n${indent}</body>`].join(''),
        );
      },
    },
  };
}

/**
 * The bidder app in few files. Served as `npm start` serves it (HTTP/1.1, six connections at a
 * time), every file costs a phone a round trip, and the bundler cuts the app into slivers by
 * which pages share them. Groups gather the app's own modules: those the bidder app's entry
 * starts with (`start`, read the page's data; then `app`, the rest; the entry's stylesheets stay
 * with it, in their order), and those the item list and item pages load beyond it (`catalog`,
 * with one stylesheet). Modules the board, the
 * console or the card form also use are left out of both, so those pages never load the bidder
 * app's. The module graph is read once it is complete (buildEnd), before chunking.
 *
 * The entry chunk keeps main.tsx and the few domain modules only the bidder app uses, and `app`
 * imports them: their values are read from functions (main.tsx calls them), never at a module's
 * top level, where `app` runs first.
 */
function fewerFiles(): {
  plugin: Plugin;
  groups: Array<{ name: string; test: (id: string) => boolean; priority: number }>;
} {
  const slashed = (id: string) => id.replace(/\\/g, '/');
  /** Static imports: what a page loads at once. */
  const imports = new Map<string, readonly string[]>();
  /** Static and dynamic imports: everything a page may load, its lazy screens included. */
  const everything = new Map<string, readonly string[]>();
  const reachCache = new Map<string, Set<string>>();
  const reach = (root: string, graph = imports): Set<string> => {
    const cacheKey = `${graph === imports ? 'static' : 'all'}:${root}`;
    const known = reachCache.get(cacheKey);
    if (known) return known;
    const start = [...graph.keys()].find((id) => slashed(id).endsWith(root));
    const seen = new Set<string>();
    const stack = start ? [start] : [];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(graph.get(id) ?? []));
    }
    reachCache.set(cacheKey, seen);
    return seen;
  };
  // The entry's own few modules stay in the entry's chunk, which must not load the rest at once. The
  // entry imports start.ts once it has run, and start.ts imports render.tsx a task later: each
  // gathers its own modules (`start`, `app`), so each is evaluated in a task of its own.
  let startModules: Set<string> | undefined;
  let appModules: Set<string> | undefined;
  const starting = () => {
    if (!startModules) {
      const entry = reach('/web/src/main.tsx');
      startModules = new Set([...reach('/web/src/start.ts')].filter((id) => !entry.has(id)));
    }
    return startModules;
  };
  const app = () => {
    if (!appModules) {
      const before = new Set([...reach('/web/src/main.tsx'), ...starting()]);
      appModules = new Set([...reach('/web/src/render.tsx')].filter((id) => !before.has(id)));
    }
    return appModules;
  };
  const catalog = () => reach('/web/src/features/items/itemPages.ts');
  const otherPages = ['/web/src/board/main.tsx', '/web/src/console/main.tsx', '/web/src/cardform/main.ts'];
  // What the other pages may load, their lazy screens included: a console screen that shared a
  // module with `app` would load `app` and the bidder app's stylesheets with it (Ionic's `body`
  // rules stopped the console's pages from scrolling).
  const elsewhere = (id: string) => otherPages.some((root) => reach(root, everything).has(id));
  // Only the app's own modules: a library's unused parts (Ionic's components) must stay out, so
  // tree-shaking can drop them.
  const own = (id: string) => slashed(id).includes('/web/src/');
  // The entry's stylesheets stay with the entry's, in their order: the theme comes after Ionic's.
  const script = (id: string) => !/\.css(\?|$)/.test(id);
  const plugin: Plugin = {
    name: 'gavel-fewer-files',
    apply: 'build',
    buildEnd() {
      imports.clear();
      everything.clear();
      reachCache.clear();
      startModules = undefined;
      appModules = undefined;
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        imports.set(id, info?.importedIds ?? []);
        everything.set(id, [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]);
      }
    },
  };
  return {
    plugin,
    groups: [
      {
        name: 'page-data',
        priority: 2,
        test: (id) =>
          own(id) && script(id) && starting().has(id) && !slashed(id).endsWith('/web/src/main.tsx') && !elsewhere(id),
      },
      {
        name: 'app',
        priority: 2,
        test: (id) => own(id) && script(id) && app().has(id) && !elsewhere(id),
      },
      {
        // The modules the other pages share too (the API client, the form hook, fields, the loading
        // screen): a file of scripts for each step, which must bring no stylesheet of the bidder
        // app's with it.
        name: 'start-shared',
        priority: 2,
        test: (id) =>
          own(id) && script(id) && starting().has(id) && !slashed(id).endsWith('/web/src/main.tsx') && elsewhere(id),
      },
      {
        name: 'shared',
        priority: 2,
        test: (id) => own(id) && script(id) && app().has(id) && elsewhere(id),
      },
      {
        name: 'catalog',
        priority: 1,
        test: (id) =>
          own(id) &&
          catalog().has(id) &&
          !slashed(id).endsWith('/web/src/features/items/itemPages.ts') &&
          !starting().has(id) &&
          !app().has(id) &&
          !elsewhere(id),
      },
    ],
  };
}

const files = fewerFiles();

/**
 * The files of the bidder app (index.html's entry and every chunk, style and asset it may load),
 * found in the build's bundle, so that the service worker precaches those and never the
 * console's, the board's or the card form's: a phone downloads only the app it runs.
 */
function bidderAppFiles(): { plugin: Plugin; only: (url: string) => boolean } {
  const files = new Set<string>(['index.html', 'favicon.svg']);
  const plugin: Plugin = {
    name: 'gavel-bidder-app-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find(
        (c) => c.type === 'chunk' && c.isEntry && /[\\/]index\.html$/.test(c.facadeModuleId ?? ''),
      );
      if (!entry) return this.error('gavel-bidder-app-files: the bundle has no index.html entry');
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || files.has(fileName)) return;
        files.add(fileName);
        if (chunk.type !== 'chunk') return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
      };
      visit(entry.fileName);
    },
  };
  return { plugin, only: (url) => files.has(url) };
}

const bidderApp = bidderAppFiles();

/**
 * The bidder app's service worker (web/src/sw/sw.ts), built into /sw.js with the list of files to
 * precache. It is registered by the app itself (web/src/pwa/register.ts) and waits for the
 * bidder's yes to take over (registerType 'prompt'); the server serves each event's manifest.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png,webp}'],
    globIgnores: ['**/*.br', '**/*.gz'],
    manifestTransforms: [
      (entries) => ({ manifest: entries.filter((entry) => bidderApp.only(entry.url.replace(/^\//, ''))) }),
    ],
    // A classic script: every browser that runs service workers runs it.
    rollupFormat: 'iife',
  },
  // The worker is built before the files are compressed (precompress), so sw.js has its copies too.
  integration: { closeBundleOrder: 'pre' },
});

const config: UserConfig = {
  plugins: [
    react(),
    cardFormInDev(),
    precompress(),
    ionicPureWrappers(),
    ionicIosStylesOnly(),
    zodWithoutEval(),
    zodWithoutJsonSchema(),
    stylesAfterShell(),
    files.plugin,
    compileHints(['/web/src/start.ts', '/web/src/render.tsx', '/web/src/features/items/itemPages.ts']),
    startPreloads(['/web/src/start.ts', '/web/src/render.tsx']),
    bidderApp.plugin,
    serviceWorker,
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // .vite/manifest.json: the server names a screen's chunks in its page (server/src/lib/page-preloads.ts).
    manifest: true,
    chunkSizeWarningLimit: 800,
    // Browsers without modulepreload (Safari before 17) still load every module, only without the
    // head start; the polyfill would be first-load weight on every phone.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app, and the test gateway's hosted card form: a page of its own (no React, no Ionic)
      // that the server shows in an iframe at /testpay/card-form.
      // The venue display board is a page of its own too (React without Ionic), at /{eventcode}/detail and /list.
      // The organizer console is a page of its own as well (React without Ionic), at /console and /{eventcode}/console.
      input: {
        main: page('./index.html'),
        cardform: page('./card-form.html'),
        board: page('./board.html'),
        console: page('./console.html'),
      },
      treeshake: {
        moduleSideEffects: (id: string) => (ionicPureModule.test(id) || domainModule.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          // The app's routing and query libraries, whole in every page of the app (not the board's):
          // one file instead of four slivers the bundler would cut by importer.
          groups: [
            ...files.groups,
            {
              // Not Ionic's router: the console's pages load this file too, and Ionic's React layer
              // (which the router imports) lives in the bidder app's entry, with its start and styles.
              name: 'framework',
              test: /[\\/]node_modules[\\/](react-router|react-router-dom|@remix-run[\\/]router|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/media': `http://localhost:${apiPort}`,
      '/dev': `http://localhost:${apiPort}`,
      '/hubs': { target: `ws://localhost:${apiPort}`, ws: true },
    },
  },
};

export default defineConfig(({ command }) => {
  // A build is always the production build, whatever NODE_ENV the shell exported (the README's
  // table once gave "development" as the default): Vite reads NODE_ENV after loading this file, to
  // choose React's runtime (a development build ships the 160 KB gzip development runtime to phones).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
