import type { ComponentType } from 'react';
import { Navigate } from 'react-router-dom';
import type { SessionUser } from '@gavel/domain';
import { useSession } from './SessionProvider';
import { Page, type HeaderKind } from '../ui/Page';
import { Loading } from '../ui/Loading';

/**
 * A page for signed-in bidders only: without a token the visitor goes to the event page (the
 * spec's missing-token rule); guests go there too unless the page allows them.
 */
export function signedIn(
  Component: ComponentType<{ user: SessionUser }>,
  header: HeaderKind,
  testId: string,
): ComponentType {
  return function SignedInPage() {
    const { claims, user, isGuest, eventcode } = useSession();
    if (!claims || isGuest) return <Navigate to={`/${eventcode}`} replace />;
    if (!user)
      return (
        <Page header={header} testId={`${testId}-loading`}>
          <Loading />
        </Page>
      );
    return <Component user={user} />;
  };
}

/** Where a bidder goes after signing in, by the spec's order of checks. */
export function pathAfterLogin(
  eventcode: string,
  user: Pick<SessionUser, 'accountstatus' | 'needscardtoregister' | 'setupcomplete'>,
): string {
  if (user.accountstatus === 'notverified') return `/${eventcode}/verify-email`;
  if (user.needscardtoregister) return `/${eventcode}/account-update-payment-method/login/credit`;
  if (user.setupcomplete) return `/${eventcode}/welcome/`;
  return `/${eventcode}/setup-account`;
}
