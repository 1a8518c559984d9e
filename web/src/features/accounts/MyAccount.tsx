import { IonItem } from '@ionic/react';
import { IonIcon, IonLabel, IonList } from '../../ui/ionicLazy';
import { IonToggle } from '../../ui/ionicControls';
import { callOutline, keyOutline, notificationsOutline, personOutline, cardOutline } from 'ionicons/icons';
import type { SessionUser } from '@gavel/domain';
import { profileFields } from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { Page } from '../../ui/Page';
import { useApiForm } from '../../ui/form';
import { useToast } from '../../ui/toast';
import { useEvent } from '../../queries/event';
import { draftOf, useSaveProfile } from './profileParts';
import { Email } from './accountParts';
import { CheckinCode } from './CheckinCode';

const anonymousForm = profileFields.pick({ bidanonymously: true }).required();

/** My Account: profile, password, anonymous bidding, notifications, payment method, contact us. */
function MyAccountPage({ user }: { user: SessionUser }) {
  const { eventcode } = useSession();
  const event = useEvent().data;
  const save = useSaveProfile();
  const toast = useToast();
  // Bid Anonymously saves as soon as it is switched: a one-field form.
  const anonymous = useApiForm({
    schema: anonymousForm,
    defaultValues: { bidanonymously: user.bidanonymously },
    submit: ({ bidanonymously }) => save({ ...draftOf(user), bidanonymously }),
    onSuccess: () => toast.success('Successfully saved your profile.'),
    onError: () => toast.error('There is an error saving your profile.'),
  });
  return (
    <Page header="main" testId="my-account-page">
      <section className="gavel-card">
        <h1 style={{ marginTop: 0 }}>My Account</h1>
        <p className="gavel-muted gavel-account-who">
          {user.firstname} {user.lastname} · Bidder #{user.bidderdisplaynumber}{' '}
          <Email email={user.email} testId="account-email" />
        </p>
        <IonList lines="full">
          <IonItem button routerLink={`/${eventcode}/account-profile`} data-testid="edit-profile">
            <IonIcon slot="start" icon={personOutline} aria-hidden="true" />
            <IonLabel>Edit My Profile</IonLabel>
          </IonItem>
          <IonItem button routerLink={`/${eventcode}/reset-password-account`} data-testid="reset-password-link">
            <IonIcon slot="start" icon={keyOutline} aria-hidden="true" />
            <IonLabel>Reset Password</IonLabel>
          </IonItem>
          {event?.eventallowanonymousbidding ? (
            <IonItem>
              <IonToggle
                checked={user.bidanonymously}
                disabled={anonymous.busy}
                data-testid="anonymous-toggle"
                onIonChange={(e) => {
                  anonymous.form.setValue('bidanonymously', e.detail.checked);
                  void anonymous.onSubmit();
                }}
              >
                Bid Anonymously
              </IonToggle>
            </IonItem>
          ) : null}
          {event?.shownotificationsmenuitem !== false ? (
            <IonItem button routerLink={`/${eventcode}/account-notifications`} data-testid="notifications-link">
              <IonIcon slot="start" icon={notificationsOutline} aria-hidden="true" />
              <IonLabel>Notifications</IonLabel>
            </IonItem>
          ) : null}
          {user.showupdatepaymentmethod ? (
            <IonItem
              button
              routerLink={`/${eventcode}/account-update-payment-method`}
              data-testid="payment-method-link"
            >
              <IonIcon slot="start" icon={cardOutline} aria-hidden="true" />
              <IonLabel>Update Payment Method</IonLabel>
            </IonItem>
          ) : null}
          <IonItem button routerLink={`/${eventcode}/contact-us`} data-testid="contact-us-link">
            <IonIcon slot="start" icon={callOutline} aria-hidden="true" />
            <IonLabel>Contact Us</IonLabel>
          </IonItem>
        </IonList>
        <CheckinCode number={user.bidderdisplaynumber} />
      </section>
    </Page>
  );
}

export const MyAccount = signedIn(MyAccountPage, 'main', 'my-account-page');
