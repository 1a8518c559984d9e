import { IonButton } from '@ionic/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { StoreBillMeResponse } from '@gavel/domain';
import '../../api/storeCalls';
import { api } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { Loading } from '../../ui/Loading';
import { Page } from '../../ui/Page';

/**
 * /{eventcode}/event/bill-me/{secret}: the link mailed after a Bill Me store order to a bidder's
 * address. It says what it offers (reading changes nothing: a mail scanner opening it adds
 * nothing), and the bidder's tap puts the order on their balance, to pay with their items.
 */
export function BillMeLink() {
  const { secret = '' } = useParams();
  const { eventcode } = useSession();
  const [answer, setAnswer] = useState<StoreBillMeResponse | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const send = (confirm: boolean) =>
    api('POST /storebillme', { eventcode, token: secret, confirm }, { anonymous: true }).then(
      setAnswer,
      (err: unknown) => setError(err instanceof Error ? err.message : 'This link is not valid.'),
    );
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void send(false);
    // Read once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const add = () => {
    setBusy(true);
    void send(true).finally(() => setBusy(false));
  };
  return (
    <Page header="logo" testId="billme-page">
      <section className="gavel-card gavel-center">
        {error ? (
          <p className="gavel-error" role="alert" data-testid="billme-message">
            {error}
          </p>
        ) : !answer ? (
          <Loading label="Opening your order…" />
        ) : (
          <>
            {answer.first ? <h2>Hi {answer.first}</h2> : null}
            <p data-testid="billme-message" role="status">
              {answer.message}
            </p>
            {answer.open && !answer.onbalance ? (
              <IonButton expand="block" onClick={add} disabled={busy} data-testid="billme-add">
                Add to my balance
              </IonButton>
            ) : null}
          </>
        )}
        <Link to={`/${eventcode}`}>Go to the event</Link>
      </section>
    </Page>
  );
}
