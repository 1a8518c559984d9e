import { Layout } from '../Layout';

/** (Being built: replaced by its area's page.) */
export function OverviewPage() {
  return <Layout title="OverviewPage">{null}</Layout>;
}
