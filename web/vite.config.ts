import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';

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

const zodCore = /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
const zodDefaultConfig = '(_a.__zod_globalConfig = {})';

/**
 * The server's content security policy forbids eval. Zod tries it once, as its first schema is
 * built (long before the app could call z.config), and the refusal is reported as a policy
 * violation on every page. It starts here already told to parse without compiled code, as it
 * ends up doing under that policy anyway.
 */
function zodWithoutEval(): Plugin {
  return {
    name: 'gavel-zod-without-eval',
    transform(code, id) {
      if (!zodCore.test(id)) return null;
      if (!code.includes(zodDefaultConfig)) {
        this.warn('zod/v4/core/core.js changed: zod may probe for eval again (a CSP report on every page)');
        return null;
      }
      return { code: code.replace(zodDefaultConfig, '(_a.__zod_globalConfig = { jitless: true })'), map: null };
    },
  };
}

const config: UserConfig = {
  plugins: [react(), cardFormInDev(), precompress(), ionicPureWrappers(), ionicIosStylesOnly(), zodWithoutEval()],
  build: {
    target: 'es2022',
    sourcemap: false,
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
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react-router|react-router-dom|@remix-run[\\/]router|@tanstack[\\/](query-core|react-query)|@ionic[\\/]react-router)[\\/]/,
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
