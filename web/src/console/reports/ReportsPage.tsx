import { Layout } from '../Layout';

/** Being built (issue 30). */
export function ReportsPage() {
  return (
    <Layout title="Reports">
      <p className="console-notice">Being built.</p>
    </Layout>
  );
}
