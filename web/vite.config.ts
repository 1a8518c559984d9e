import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Ionic's packages do not declare themselves free of side effects, so without help the bundler
// keeps every Ionic component. These modules only define components, so unused ones may go.
const ionicPureModule = /@ionic\/core\/components\/ion-[\w-]+\.js$|@ionic\/react\/dist\/index\.js$/;
const apiPort = process.env.GAVEL_API_PORT ?? '8080';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => (ionicPureModule.test(id) ? false : undefined),
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
