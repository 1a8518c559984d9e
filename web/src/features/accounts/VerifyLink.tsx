import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { LoginResponse } from '@gavel/domain';
import { apiGet, apiPost } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { pathAfterLogin } from '../../session/guards';
import { Page } from '../../ui/Page';
import { Loading } from '../../ui/Loading';
import { useHistory } from '../../ui/navigation';

type LinkAnswer = LoginResponse | { status: 'expired'; message: string };

/**
 * Following an emailed link: email verification (/verify/{id}) or a one-time login
 * (/auth/passwordlessLogin/{loginguid}). Either signs the bidder in; an expired link says so.
 */
function useLinkSignIn(kind: 'verify' | 'login') {
  const { id, loginguid } = useParams();
  const secret = (kind === 'verify' ? id : loginguid) ?? '';
  const { eventcode, signIn } = useSession();
  const history = useHistory();
  const [message, setMessage] = useState('');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const run = async () => {
      try {
        const answer =
          kind === 'verify'
            ? await apiPost<LinkAnswer>('/verifyemail', { token: secret }, { anonymous: true })
            : await apiGet<LinkAnswer>(`/passwordlesslogin/${encodeURIComponent(secret)}`, { anonymous: true });
        if (answer.status === 'expired') {
          setMessage(answer.message);
          return;
        }
        signIn(answer);
        history.replace(pathAfterLogin(eventcode, answer));
      } catch (err) {
        setMessage(err instanceof Error ? err.message : 'This link is no longer valid.');
      }
    };
    void run();
  }, [kind, secret, eventcode, signIn, history]);
  return message;
}

function LinkPage({ kind, testId }: { kind: 'verify' | 'login'; testId: string }) {
  const { eventcode } = useSession();
  const message = useLinkSignIn(kind);
  return (
    <Page header="logo" testId={testId}>
      <section className="gavel-card gavel-center">
        {message ? (
          <>
            <p className="gavel-error" role="alert" data-testid="link-message">
              {message}
            </p>
            <Link to={`/${eventcode}`}>Return to Login</Link>
          </>
        ) : (
          <Loading label={kind === 'verify' ? 'Verifying your email…' : 'Signing you in…'} />
        )}
      </section>
    </Page>
  );
}

export function VerifyLink() {
  return <LinkPage kind="verify" testId="verify-link-page" />;
}

export function PasswordlessLogin() {
  return <LinkPage kind="login" testId="passwordless-page" />;
}
