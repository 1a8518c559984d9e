import type { SessionUser } from '@gavel/domain';
import { profileRules } from '@gavel/domain';
import { Link } from 'react-router-dom';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { Page } from '../../ui/Page';
import { Html } from '../../ui/Html';
import { useApiForm } from '../../ui/form';
import { FormCard } from '../../ui/formParts';
import { useHistory } from '../../ui/navigation';
import { useToast } from '../../ui/toast';
import { useEvent } from '../../queries/event';
import {
  AddressFields,
  draftOf,
  NameFields,
  NotificationMatrix,
  PhoneAndTexting,
  profileForm,
  TextOptInAlert,
  useFormFollowsUser,
  useSaveProfile,
  withPushAnswer,
  useTextOptIn,
  ZipField,
} from './profileParts';

const editProfileForm = profileForm.superRefine(profileRules);

function AccountProfilePage({ user }: { user: SessionUser }) {
  const { eventcode } = useSession();
  const history = useHistory();
  const toast = useToast();
  const save = useSaveProfile();
  const profile = useApiForm({
    schema: editProfileForm,
    defaultValues: draftOf(user),
    submit: (draft) => save(draft),
    onError: () => toast.error('There is an error saving your profile.'),
    onSuccess: () => {
      toast.success('Successfully saved your profile.');
      history.replace(`/${eventcode}/my-account`);
    },
  });
  useFormFollowsUser(profile.form, user);
  const optIn = useTextOptIn(profile.form, () => void profile.onSubmit());

  return (
    <Page header="back-account" testId="account-profile-page">
      <FormCard
        of={{ ...profile, onSubmit: optIn.check }}
        title="Edit My Profile"
        button="Save"
        buttonTestId="save-profile"
      >
        <NameFields form={profile.form} />
        <PhoneAndTexting form={profile.form} />
        <AddressFields form={profile.form} />
        <ZipField form={profile.form} />
      </FormCard>
      <TextOptInAlert {...optIn.dialog} />
    </Page>
  );
}

function AccountNotificationsPage({ user }: { user: SessionUser }) {
  const { eventcode } = useSession();
  const event = useEvent().data;
  const save = useSaveProfile();
  const toast = useToast();
  const notifications = useApiForm({
    schema: profileForm,
    defaultValues: draftOf(user),
    submit: async (draft): Promise<void> =>
      save({ ...draftOf(user), notifications: (await withPushAnswer(notifications.form, draft)).notifications }),
    onError: () => toast.error('There is an error saving your notifications.'),
    onSuccess: () => toast.success('Successfully saved your notifications.'),
  });
  useFormFollowsUser(notifications.form, user);
  return (
    <Page header="back-account" testId="account-notifications-page">
      <FormCard of={notifications} title="Notifications" button="Save" buttonTestId="save-notifications">
        {event ? (
          <NotificationMatrix
            form={notifications.form}
            rows={event.notificationrows}
            columns={event.notificationcolumns}
            textsLink={
              <Link to={`/${eventcode}/account-profile`} data-testid="add-phone-link">
                Edit My Profile
              </Link>
            }
          />
        ) : null}
      </FormCard>
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
        {event?.organizationphone ? (
          <p>
            Phone: <a href={`tel:${event.organizationphone}`}>{event.organizationphone}</a>
          </p>
        ) : null}
        {event?.organizationemail ? (
          <p>
            Email: <a href={`mailto:${event.organizationemail}`}>{event.organizationemail}</a>
          </p>
        ) : null}
      </section>
    </Page>
  );
}

export const AccountProfile = signedIn(AccountProfilePage, 'back-account', 'account-profile-page');
export const AccountNotifications = signedIn(AccountNotificationsPage, 'back-account', 'account-notifications-page');
export const ContactUs = signedIn(ContactUsPage, 'back-account', 'contact-us-page');
