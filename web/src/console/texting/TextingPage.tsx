import { Layout } from '../Layout';

/** Being built (issue 30). */
export function TextingPage() {
  return (
    <Layout title="Texting">
      <p className="console-notice">Being built.</p>
    </Layout>
  );
}
