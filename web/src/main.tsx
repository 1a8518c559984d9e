import 'react-dom/client';
import { setupIonicReact } from '@ionic/react';
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import './theme.css';
import { startFailed } from './startFailed';

// A phone set to reduce motion gets no sliding pages, menus or sheets: Ionic draws them in place.
setupIonicReact({ mode: 'ios', animated: !window.matchMedia('(prefers-reduced-motion: reduce)').matches });

// The rest of the app is evaluated in tasks of its own (start.ts), after React and Ionic: a
// phone's slow CPU is held by neither for long. The server names its files in the page, so they
// arrive beside these; without the page's help the import fetches them (web/vite.config.ts).
setTimeout(() => {
  import('./start').then(({ start }) => start(), startFailed);
}, 0);
