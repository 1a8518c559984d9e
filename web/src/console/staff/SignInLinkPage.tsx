import { Layout } from '../Layout';

/** (Being built: replaced by its area's page.) */
export function SignInLinkPage() {
  return <Layout title="SignInLinkPage">{null}</Layout>;
}
