import { Layout } from '../Layout';

/** (Being built: replaced by its area's page.) */
export function ItemFormPage() {
  return <Layout title="ItemFormPage">{null}</Layout>;
}
