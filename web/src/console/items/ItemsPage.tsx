import { Layout } from '../Layout';

/** (Being built: replaced by its area's page.) */
export function ItemsPage() {
  return <Layout title="ItemsPage">{null}</Layout>;
}
