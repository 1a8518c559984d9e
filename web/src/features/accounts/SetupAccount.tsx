import { useState } from 'react';
import { IonButton } from '@ionic/react';
import type { SessionUser } from '@gavel/domain';
import { phoneDigits, profileErrors, setupStepOneErrors } from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { Page } from '../../ui/Page';
import { useHistory } from '../../ui/navigation';
import { useToast } from '../../ui/toast';
import { useEvent } from '../event/useEvent';
import { AddressFields, AnonymousToggle, draftOf, NameFields, NotificationMatrix, PhoneAndTexting, type ProfileDraft, TextOptInAlert, useSaveProfile, ZipField } from './profileParts';

/**
 * The setup wizard: names and zip; bidder preference, notifications and texting; an optional
 * address. A card step joins them when the event's card processor needs one (processor code 2).
 */
type Step = 'names' | 'preferences' | 'card' | 'address';

export function setupSteps(processorCode: number | undefined): Step[] {
  return processorCode === 2 ? ['names', 'preferences', 'card', 'address'] : ['names', 'preferences', 'address'];
}

function SetupAccountPage({ user }: { user: SessionUser }) {
  const { eventcode } = useSession();
  const event = useEvent().data;
  const history = useHistory();
  const toast = useToast();
  const save = useSaveProfile();
  const steps = setupSteps(undefined);
  const [index, setIndex] = useState(0);
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(user));
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileDraft, string>>>({});
  const [askOptIn, setAskOptIn] = useState(false);
  const [busy, setBusy] = useState(false);
  const step = steps[index] ?? 'names';
  const set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const next = () => {
    if (step === 'names') {
      const e = setupStepOneErrors(draft);
      setErrors(e);
      if (Object.keys(e).length > 0) return;
    }
    if (step === 'preferences') {
      const e = profileErrors({ ...draft, zip: draft.zip || '-' });
      setErrors(e);
      if (e.cellphone) return;
      if (phoneDigits(draft.cellphone) !== '' && !draft.allowtexting) {
        setAskOptIn(true);
        return;
      }
    }
    setIndex((i) => Math.min(i + 1, steps.length - 1));
  };

  const finish = async () => {
    setBusy(true);
    try {
      await save(draft, { setupcomplete: true });
      history.replace(`/${eventcode}/welcome/`);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'There is an error saving your profile.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page header="logo" testId="setup-page">
      <section className="gavel-card">
        <div className="gavel-steps" role="progressbar" aria-valuemin={1} aria-valuemax={steps.length} aria-valuenow={index + 1} aria-label={`Step ${index + 1} of ${steps.length}`} data-testid="setup-step">
          {steps.map((s, i) => (
            <span key={s} className={i <= index ? 'on' : ''} />
          ))}
        </div>
        {step === 'names' ? (
          <>
            <h1 style={{ marginTop: 0 }}>Tell us about you</h1>
            <NameFields draft={draft} set={set} errors={errors} />
            <ZipField draft={draft} set={set} errors={errors} />
          </>
        ) : null}
        {step === 'preferences' ? (
          <>
            <h1 style={{ marginTop: 0 }}>Your preferences</h1>
            {event?.eventallowanonymousbidding ? (
              <>
                <p className="gavel-muted">Bidder preference: hide your name in bid histories.</p>
                <AnonymousToggle draft={draft} set={set} />
              </>
            ) : null}
            {event ? <NotificationMatrix rows={event.notificationrows} columns={event.notificationcolumns} value={draft.notifications} onChange={(v) => set('notifications', v)} /> : null}
            <PhoneAndTexting draft={draft} set={set} errors={errors} />
          </>
        ) : null}
        {step === 'address' ? (
          <>
            <h1 style={{ marginTop: 0 }}>Your address (optional)</h1>
            <AddressFields draft={draft} set={set} errors={errors} />
          </>
        ) : null}
        <div className="gavel-actions">
          {step === 'address' ? (
            <IonButton expand="block" size="large" disabled={busy} data-testid="setup-finish" onClick={() => void finish()}>
              Finish
            </IonButton>
          ) : (
            <IonButton expand="block" size="large" data-testid="setup-next" onClick={next}>
              Next
            </IonButton>
          )}
          {index > 0 ? (
            <IonButton expand="block" fill="outline" data-testid="setup-back" onClick={() => setIndex((i) => i - 1)}>
              Back
            </IonButton>
          ) : null}
        </div>
      </section>
      <TextOptInAlert
        open={askOptIn}
        onGoBack={() => setAskOptIn(false)}
        onProceed={() => {
          setAskOptIn(false);
          setIndex((i) => Math.min(i + 1, steps.length - 1));
        }}
      />
    </Page>
  );
}

export const SetupAccount = signedIn(SetupAccountPage, 'logo', 'setup-page');
