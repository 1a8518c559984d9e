import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';

// Ionic's packages do not declare themselves free of side effects, so without help the bundler
// keeps every Ionic component. These modules only define components, so unused ones may go.
const ionicPureModule = /@ionic\/core\/components\/ion-[\w-]+\.js$|@ionic\/react\/dist\/index\.js$/;
// Our domain package only defines rules and schemas. Said so here, the card form takes the few card
// rules it uses instead of every schema (and zod) behind the package's index.
const domainModule = /[\\/]domain[\\/]src[\\/].+\.ts$/;
const apiPort = process.env.GAVEL_API_PORT ?? '8080';
/** The display board's addresses in development (the server decides with parseBoardRoute in domain/). */
const boardPath = /^\/[^/]+\/(detail|list)(\/|$)/;

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
        if (req.url?.startsWith('/testpay/card-form')) req.url = req.url.replace('/testpay/card-form', '/card-form.html');
        else if (req.url && boardPath.test(req.url.split('?')[0] ?? '')) req.url = '/board.html';
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), cardFormInDev(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The app, and the test gateway's hosted card form: a page of its own (no React, no Ionic)
      // that the server shows in an iframe at /testpay/card-form.
      // The venue display board is a page of its own too (React without Ionic), at /{eventcode}/detail and /list.
      input: { main: page('./index.html'), cardform: page('./card-form.html'), board: page('./board.html') },
      treeshake: {
        moduleSideEffects: (id: string) => (ionicPureModule.test(id) || domainModule.test(id) ? false : undefined),
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
});
