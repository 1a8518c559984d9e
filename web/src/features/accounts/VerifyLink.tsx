import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { AnswerOf } from '@gavel/domain';
import { api } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { pathAfterLogin } from '../../session/guards';
import { Page } from '../../ui/Page';
import { Loading } from '../../ui/Loading';
import { useHistory } from '../../ui/navigation';
import { CHOOSE_PASSWORD, nextInEvent } from './Passwords';

/** A signed-in session, or an expired link's message. */
type LinkAnswer = AnswerOf<'GET /passwordlesslogin/:loginguid'>;

/**
 * Following an emailed link: email verification (/verify/{id}) or a one-time login
 * (/auth/passwordlessLogin/{loginguid}). Either signs the bidder in; an expired link says so.
 * The call carries this phone's session of the event, if it has one: the phone that created the
 * account keeps its password. An account claimed from another phone has no password any more
 * (the server answers haspassword false), so the bidder is asked to choose one first.
 */
function useLinkSignIn(kind: 'verify' | 'login') {
  const { id, loginguid } = useParams();
  const secret = (kind === 'verify' ? id : loginguid) ?? '';
  const { eventcode, signIn } = useSession();
  const history = useHistory();
  // A link sent for a purpose (the check-in desk's card link) names the page it leads to.
  const [search] = useSearchParams();
  const then = nextInEvent(eventcode, search.get(CHOOSE_PASSWORD));
  const [message, setMessage] = useState('');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const answer: Promise<LinkAnswer> =
      kind === 'verify'
        ? api('POST /verifyemail', { token: secret })
        : api('GET /passwordlesslogin/:loginguid', undefined, { params: { loginguid: secret } });
    void answer.then(
      (session) => {
        if (session.status === 'expired') {
          setMessage(session.message);
          return;
        }
        signIn(session);
        const next = then ?? pathAfterLogin(eventcode, session);
        history.replace(
          session.haspassword
            ? next
            : `/${eventcode}/reset-password-account?${CHOOSE_PASSWORD}=${encodeURIComponent(next)}`,
        );
      },
      (err: unknown) => setMessage(err instanceof Error ? err.message : 'This link is no longer valid.'),
    );
  }, [kind, secret, eventcode, signIn, history, then]);
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
