import { Layout } from '../Layout';

/** (Being built: replaced by its area's page.) */
export function StaffPage() {
  return <Layout title="StaffPage">{null}</Layout>;
}
