import { useParams } from 'react-router-dom';
import { Store } from './Store';
import { StoreLanding } from './StoreLanding';

export { StoreLanding } from './StoreLanding';

/** /{eventcode}/event/{id}/ and /{eventcode}/event/{id}/{cart}: the store when id is register, else the landing page (spec section 2). */
export function StoreRoute() {
  const { id } = useParams();
  return id === 'register' ? <Store /> : <StoreLanding />;
}
