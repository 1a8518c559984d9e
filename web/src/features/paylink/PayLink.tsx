import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { payLinkCalls } from '@gavel/domain';
import { api, knowCalls } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { Loading } from '../../ui/Loading';
import { useHistory } from '../../ui/navigation';
import { Page } from '../../ui/Page';

// The one call this page makes is the console's pay link's (domain api/calls/paylink.ts).
knowCalls(payLinkCalls);

/**
 * /{eventcode}/pay/{secret}: a pay link (texted and emailed after a declined card at charge all).
 * Its secret is traded for a session that may only pay, and the bidder lands on their checkout.
 * A link that has expired, or whose balance is paid, says so.
 */
export function PayLink() {
  const { secret = '' } = useParams();
  const { eventcode, signIn } = useSession();
  const history = useHistory();
  const [message, setMessage] = useState('');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void api('POST /paylink', { token: secret }, { anonymous: true }).then(
      (answer) => {
        if (answer.status === 'expired') {
          setMessage(answer.message);
          return;
        }
        signIn(answer);
        history.replace(`/${eventcode}/checkout`);
      },
      (err: unknown) => setMessage(err instanceof Error ? err.message : 'This pay link is no longer valid.'),
    );
  }, [secret, eventcode, signIn, history]);
  return (
    <Page header="logo" testId="paylink-page">
      <section className="gavel-card gavel-center">
        {message ? (
          <>
            <p className="gavel-error" role="alert" data-testid="paylink-message">
              {message}
            </p>
            <Link to={`/${eventcode}`}>Go to the event</Link>
          </>
        ) : (
          <Loading label="Opening your checkout…" />
        )}
      </section>
    </Page>
  );
}
