import { Layout } from '../Layout';

/** (Being built: replaced by its area's page.) */
export function InvitationPage() {
  return <Layout title="InvitationPage">{null}</Layout>;
}
