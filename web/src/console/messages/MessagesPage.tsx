import { Layout } from '../Layout';

/** Being built (issue 30). */
export function MessagesPage() {
  return (
    <Layout title="Messages">
      <p className="console-notice">Being built.</p>
    </Layout>
  );
}
