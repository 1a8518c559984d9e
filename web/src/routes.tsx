import type { ComponentType } from 'react';
import { lazyPage } from './ui/lazyPage';

/** Every screen under /:eventcode, each loaded with its route. */
export const routes: Array<{ path: string; Page: ComponentType }> = [
  { path: 'privacy-policy', Page: lazyPage(() => import('./features/event/PrivacyPolicy'), 'PrivacyPolicy') },
];
