import { Layout } from '../Layout';

/** (Being built: replaced by its area's page.) */
export function BiddersPage() {
  return <Layout title="BiddersPage">{null}</Layout>;
}
