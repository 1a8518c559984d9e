import { Layout } from '../Layout';

/** (Being built: replaced by its area's page.) */
export function BoardSettingsPage() {
  return <Layout title="BoardSettingsPage">{null}</Layout>;
}
