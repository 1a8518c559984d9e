import { Layout } from '../Layout';

/** (Being built: replaced by its area's page.) */
export function SignInPage() {
  return <Layout title="SignInPage">{null}</Layout>;
}
