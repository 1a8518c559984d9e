import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../api/client';
import { useAction } from '../../ui/action';
import { startSession } from '../session';
import { AuthFrame } from './AuthFrame';

/** An emailed sign-in link (/console/signin/:secret): spent once on opening, then the console opens. */
export function SignInLinkPage() {
  const { secret = '' } = useParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const { run, error } = useAction(
    (id: string) => api('POST /console/signin/:id', undefined, { anonymous: true, params: { id } }),
    (answer) => {
      startSession({ token: answer.token, staff: answer.staff });
      navigate('/console', { replace: true });
    },
  );
  useEffect(() => {
    // A link works once: the page must not spend it twice (React runs effects twice in development).
    if (started.current) return;
    started.current = true;
    run(secret);
  }, [run, secret]);
  if (!error)
    return (
      <AuthFrame title="Signing you in">
        <p className="console-loading" role="status" data-testid="signin-link-waiting">
          One moment…
        </p>
      </AuthFrame>
    );
  return (
    <AuthFrame title="This sign-in link does not work">
      <p className="console-error" role="alert" data-testid="signin-link-problem">
        {error}
      </p>
      <p>
        <Link to="/console">Sign in or ask for a new link</Link>
      </p>
    </AuthFrame>
  );
}
