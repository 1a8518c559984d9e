import { useState } from 'react';
import { IonButton } from '@ionic/react';
import type { SessionUser } from '@gavel/domain';
import { phoneDigits, profileErrors } from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { Page } from '../../ui/Page';
import { Html } from '../../ui/Html';
import { useHistory } from '../../ui/navigation';
import { useToast } from '../../ui/toast';
import { useEvent } from '../event/useEvent';
import { AddressFields, draftOf, NameFields, NotificationMatrix as NotificationMatrixWithSave, PhoneAndTexting, type ProfileDraft, TextOptInAlert, useSaveProfile, ZipField } from './profileParts';

function AccountProfilePage({ user }: { user: SessionUser }) {
  const { eventcode } = useSession();
  const history = useHistory();
  const toast = useToast();
  const save = useSaveProfile();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(user));
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileDraft, string>>>({});
  const [askOptIn, setAskOptIn] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const store = async () => {
    setBusy(true);
    try {
      await save(draft);
      toast.success('Successfully saved your profile.');
      history.replace(`/${eventcode}/my-account`);
    } catch {
      toast.error('There is an error saving your profile.');
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    const e = profileErrors({ ...draft, state: draft.state || undefined });
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    if (phoneDigits(draft.cellphone) !== '' && !draft.allowtexting) {
      setAskOptIn(true);
      return;
    }
    void store();
  };

  return (
    <Page header="back-account" testId="account-profile-page">
      <form
        className="gavel-card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h1 style={{ marginTop: 0 }}>Edit My Profile</h1>
        <NameFields draft={draft} set={set} errors={errors} />
        <PhoneAndTexting draft={draft} set={set} errors={errors} />
        <AddressFields draft={draft} set={set} errors={errors} />
        <ZipField draft={draft} set={set} errors={errors} />
        <IonButton type="submit" expand="block" size="large" disabled={busy} data-testid="save-profile">
          Save
        </IonButton>
      </form>
      <TextOptInAlert
        open={askOptIn}
        onGoBack={() => setAskOptIn(false)}
        onProceed={() => {
          setAskOptIn(false);
          void store();
        }}
      />
    </Page>
  );
}

function AccountNotificationsPage({ user }: { user: SessionUser }) {
  const event = useEvent().data;
  const save = useSaveProfile();
  const toast = useToast();
  const [value, setValue] = useState(user.notifications);
  const [busy, setBusy] = useState(false);
  return (
    <Page header="back-account" testId="account-notifications-page">
      <section className="gavel-card">
        <h1 style={{ marginTop: 0 }}>Notifications</h1>
        {event ? <NotificationMatrixWithSave rows={event.notificationrows} columns={event.notificationcolumns} value={value} onChange={setValue} /> : null}
        <IonButton
          expand="block"
          size="large"
          disabled={busy}
          data-testid="save-notifications"
          onClick={async () => {
            setBusy(true);
            try {
              await save({ ...draftOf(user), notifications: value });
              toast.success('Successfully saved your notifications.');
            } catch {
              toast.error('There is an error saving your notifications.');
            } finally {
              setBusy(false);
            }
          }}
        >
          Save
        </IonButton>
      </section>
    </Page>
  );
}

function ContactUsPage() {
  const event = useEvent().data;
  return (
    <Page header="back-account" testId="contact-us-page">
      <section className="gavel-card">
        <h1 style={{ marginTop: 0 }}>Contact Us</h1>
        <Html html={event?.contactus ?? ''} testId="contact-html" />
        {event?.organizationphone ? <p>Phone: <a href={`tel:${event.organizationphone}`}>{event.organizationphone}</a></p> : null}
        {event?.organizationemail ? <p>Email: <a href={`mailto:${event.organizationemail}`}>{event.organizationemail}</a></p> : null}
      </section>
    </Page>
  );
}

export const AccountProfile = signedIn(AccountProfilePage, 'back-account', 'account-profile-page');
export const AccountNotifications = signedIn(AccountNotificationsPage, 'back-account', 'account-notifications-page');
export const ContactUs = signedIn(ContactUsPage, 'back-account', 'contact-us-page');
