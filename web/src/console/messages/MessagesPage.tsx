import { useParams } from 'react-router-dom';
import { Layout } from '../Layout';
import { useMessageHistory } from './calls';
import { ComposeSection } from './ComposeSection';
import { HistorySection } from './HistorySection';
import './messages.css';

/**
 * Messages (staff and owners): write to an audience of the event by email, text or both, from a
 * template with merge fields; preview who gets it; send; and follow the delivery of what was sent.
 */
export function MessagesPage() {
  const { eventcode = '' } = useParams();
  const history = useMessageHistory(eventcode);
  return (
    <Layout title="Messages">
      <ComposeSection eventcode={eventcode} eventname={history.data?.eventname ?? ''} />
      {history.isError && (
        <p className="console-error" role="alert">
          {history.error.message}
        </p>
      )}
      {history.isPending && (
        <p className="console-loading" role="status">
          Loading…
        </p>
      )}
      {history.data && <HistorySection data={history.data} />}
    </Layout>
  );
}
