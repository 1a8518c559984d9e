import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from './Loading';

/** A screen loaded with its route, so the event home's first load stays small. */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  const Page: ComponentType = lazy(async () => {
    const mod = await load();
    const component: ComponentType = mod[name];
    return { default: component };
  });
  return function LazyPage() {
    return (
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    );
  };
}
