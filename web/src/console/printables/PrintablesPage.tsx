import { Layout } from '../Layout';

/** Being built (issue 30). */
export function PrintablesPage() {
  return (
    <Layout title="Printables">
      <p className="console-notice">Being built.</p>
    </Layout>
  );
}
