import { Layout } from '../Layout';

/** (Being built: replaced by its area's page.) */
export function StoreSettingsPage() {
  return <Layout title="StoreSettingsPage">{null}</Layout>;
}
