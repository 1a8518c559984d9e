import { Layout } from '../Layout';

/** (Being built: replaced by its area's page.) */
export function EventsPage() {
  return <Layout title="EventsPage">{null}</Layout>;
}
