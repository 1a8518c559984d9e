import { Layout } from '../Layout';

/** (Being built: replaced by its area's page.) */
export function ResetPage() {
  return <Layout title="ResetPage">{null}</Layout>;
}
