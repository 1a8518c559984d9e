import { Layout } from '../Layout';

/** (Being built: replaced by its area's page.) */
export function AuditPage() {
  return <Layout title="AuditPage">{null}</Layout>;
}
