import { readPageData } from './queries/pageData';
import { nextTask } from './nextTask';
import { startFailed } from './startFailed';

/**
 * The app's start, after main.tsx has set up React and Ionic, in steps of a task each: this module
 * and the rules it reads the page with (the domain's schemas) are evaluated; the page's data is
 * read; the app itself (render.tsx: the routes, the screens, the queries) is evaluated; then the
 * first render. A phone's slow CPU is never held for the whole of it, so a tap on the server's
 * first screen is answered between the steps. The server names render.tsx's files in the page
 * (server/src/lib/page-preloads.ts), so they arrive beside this one's.
 */
export function start(): void {
  nextTask(() => {
    const data = readPageData();
    import('./render').then(({ render }) => nextTask(() => render(data)), startFailed);
  });
}
