import { useState } from 'react';
import { IonButton } from '@ionic/react';
import type { SessionUser } from '@gavel/domain';
import { checkoutMessages, phoneRules, setupStepOneRules } from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { Page } from '../../ui/Page';
import { useApiForm } from '../../ui/form';
import { useHistory } from '../../ui/navigation';
import { useToast } from '../../ui/toast';
import { useEvent } from '../../queries/event';
import { usePaymentMethod } from '../../queries/payments';
import { useSaveTypedCard } from '../payments/paymentCalls';
import { SetupCardStep } from '../payments/SetupCardStep';
import { useCardEntry } from '../payments/useCardEntry';
import {
  AddressFields,
  AnonymousToggle,
  draftOf,
  NameFields,
  NotificationMatrix,
  PhoneAndTexting,
  profileForm,
  TextOptInAlert,
  useSaveProfile,
  useTextOptIn,
  withPushAnswer,
  ZipField,
} from './profileParts';

/**
 * The setup wizard: names and zip; bidder preference, notifications and texting; an optional
 * address. A card step joins them when the event's card processor needs one (processor code 2).
 */
type Step = 'names' | 'preferences' | 'card' | 'address';

function setupSteps(processorCode: number | undefined): Step[] {
  return processorCode === 2 ? ['names', 'preferences', 'card', 'address'] : ['names', 'preferences', 'address'];
}

/** One form for the whole wizard; each step checks its own rules before the next, and Finish saves. */
const stepForms: Record<Step, typeof profileForm> = {
  names: profileForm.superRefine(setupStepOneRules),
  preferences: profileForm.superRefine(phoneRules),
  card: profileForm,
  address: profileForm,
};

function SetupAccountPage({ user }: { user: SessionUser }) {
  const { eventcode } = useSession();
  const event = useEvent().data;
  const history = useHistory();
  const toast = useToast();
  const save = useSaveProfile();
  const steps = setupSteps(event?.paymentprocessorcode);
  const [index, setIndex] = useState(0);
  const step = steps[index] ?? 'names';
  const advance = () => setIndex((i) => Math.min(i + 1, steps.length - 1));

  // The card step: a card is needed when the event asks for one to bid or to register, unless one is on file.
  const method = usePaymentMethod();
  const card = useCardEntry();
  const cardNeeded = (event?.needscardtobid === true || user.needscardtoregister) && !method.data?.card;
  const saving = useSaveTypedCard({
    card,
    code: method.data?.paymentprocessorcode,
    info: method.data?.paymentprocessorinfo,
    quiet: true,
    onSaved: advance,
  });
  // Next takes the card typed in and saves it, in one tap; a card with a field wrong stays (its entry says why).
  const cardStepNext = async () => {
    if (card.typed) return saving.save();
    if (cardNeeded) return toast.error(checkoutMessages.invalidCard);
    advance();
  };
  const { form, onSubmit, busy } = useApiForm({
    schema: stepForms[step],
    defaultValues: draftOf(user),
    submit: async (draft): Promise<void> => save(await withPushAnswer(form, draft), { setupcomplete: true }),
    onError: (m) => toast.error(m || 'There is an error saving your profile.'),
    onSuccess: () => history.replace(`/${eventcode}/welcome/`),
  });
  const optIn = useTextOptIn(form, advance);
  const next = async () => {
    if (step === 'card') await cardStepNext();
    else if (step === 'preferences') await optIn.check();
    else if (await form.trigger()) advance();
  };

  return (
    <Page header="logo" testId="setup-page">
      <section className="gavel-card">
        <div
          className="gavel-steps"
          role="progressbar"
          aria-valuemin={1}
          aria-valuemax={steps.length}
          aria-valuenow={index + 1}
          aria-label={`Step ${index + 1} of ${steps.length}`}
          data-testid="setup-step"
        >
          {steps.map((s, i) => (
            <span key={s} className={i <= index ? 'on' : ''} />
          ))}
        </div>
        {step === 'names' ? (
          <>
            <h1 style={{ marginTop: 0 }}>Tell us about you</h1>
            <NameFields form={form} />
            <ZipField form={form} />
          </>
        ) : null}
        {step === 'preferences' ? (
          <>
            <h1 style={{ marginTop: 0 }}>Your preferences</h1>
            {event?.eventallowanonymousbidding ? (
              <>
                <p className="gavel-muted">Bidder preference: hide your name in bid histories.</p>
                <AnonymousToggle form={form} />
              </>
            ) : null}
            {event ? (
              <NotificationMatrix form={form} rows={event.notificationrows} columns={event.notificationcolumns} />
            ) : null}
            <PhoneAndTexting form={form} />
          </>
        ) : null}
        {step === 'card' ? (
          <SetupCardStep method={method.data} eventcode={eventcode} required={cardNeeded} card={card} />
        ) : null}
        {step === 'address' ? (
          <>
            <h1 style={{ marginTop: 0 }}>Your address (optional)</h1>
            <AddressFields form={form} />
          </>
        ) : null}
        <div className="gavel-actions">
          {step === 'address' ? (
            <IonButton
              expand="block"
              size="large"
              disabled={busy}
              data-testid="setup-finish"
              onClick={() => void onSubmit()}
            >
              Finish
            </IonButton>
          ) : (
            <IonButton
              expand="block"
              size="large"
              disabled={
                step === 'card' && (saving.busy || card.taking || method.isPending || (cardNeeded && !card.ready))
              }
              data-testid="setup-next"
              onClick={() => void next()}
            >
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
      <TextOptInAlert {...optIn.dialog} />
    </Page>
  );
}

export const SetupAccount = signedIn(SetupAccountPage, 'logo', 'setup-page');
