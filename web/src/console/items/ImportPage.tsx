import { Layout } from '../Layout';

/** (Being built: replaced by its area's page.) */
export function ImportPage() {
  return <Layout title="ImportPage">{null}</Layout>;
}
