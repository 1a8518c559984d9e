import { Layout } from '../Layout';

/** (Being built: replaced by its area's page.) */
export function EventSettingsPage() {
  return <Layout title="EventSettingsPage">{null}</Layout>;
}
