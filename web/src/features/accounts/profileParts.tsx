import { type BaseSyntheticEvent, type ReactNode, useEffect, useState } from 'react';
import { IonButton, IonItem } from '@ionic/react';
import { type UseFormReturn, useController, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { IonLabel } from '../../ui/ionicLazy';
import { IonCheckbox, IonToggle } from '../../ui/ionicControls';
import { Sheet } from '../../ui/Sheet';
import type { NotificationColumn, NotificationRow, SessionUser } from '@gavel/domain';
import {
  canReceiveTexts,
  formatPhone,
  phoneDigits,
  profileFields,
  PUSH_NOTIFICATION_COLUMN,
  pushMessages,
  STATE_CODES,
  TEXT_NOTIFICATION_COLUMN,
  TEXTS_NEED_PHONE,
} from '@gavel/domain';
import { api } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { Field } from '../../ui/Field';
import { FormField } from '../../ui/form';
import { columnsHere, pushAnswered, usePushSwitch } from '../../push/device';
import './accounts.css';

/**
 * The profile as the forms edit it: the fields of PUT /userprofile, every one present. Screens add
 * their rules with `.superRefine(...)` (profileRules, setupStepOneRules, phoneRules from domain).
 */
export const profileForm = profileFields.required();
export type ProfileDraft = z.output<typeof profileForm>;
/** A form (useApiForm) over the profile; the parts below are bound to it. */
export type ProfileForm = UseFormReturn<z.input<typeof profileForm>, unknown, ProfileDraft>;

export function draftOf(user: SessionUser): ProfileDraft {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    cellphone: formatPhone(user.cellphone),
    address: user.address,
    address2: user.address2,
    city: user.city,
    state: user.state,
    zip: user.zip,
    allowtexting: user.allowtexting,
    bidanonymously: user.bidanonymously,
    notifications: user.notifications,
  };
}

/**
 * Keeps a profile form on the saved profile: a screen may stay mounted while the bidder changes
 * their profile elsewhere (Ionic keeps visited pages), so it takes the new values when they change.
 */
export function useFormFollowsUser(form: ProfileForm, user: SessionUser): void {
  // Keyed by the values, not the object: a refetch of the same profile keeps what is being typed.
  const saved = JSON.stringify(draftOf(user));
  useEffect(() => {
    form.reset(profileForm.parse(JSON.parse(saved)));
  }, [form, saved]);
}

/** Saves the whole profile (only digits of the phone are sent) and keeps the session's user current. */
export function useSaveProfile() {
  const { setUser, user } = useSession();
  return async (draft: ProfileDraft, extra: { setupcomplete?: boolean } = {}) => {
    const saved = await api('PUT /userprofile', { ...draft, cellphone: phoneDigits(draft.cellphone), ...extra });
    setUser({ ...saved, token: user?.token ?? '' });
  };
}

/**
 * The draft to save with the notification boxes as they stand once any Push answer is in: a Save
 * pressed while the browser still asks waits for its answer (push/device.ts) instead of saving
 * Push as off.
 */
export async function withPushAnswer(form: ProfileForm, draft: ProfileDraft): Promise<ProfileDraft> {
  await pushAnswered();
  return { ...draft, notifications: form.getValues('notifications') };
}

/** One value of the profile form, with its setter and its message. */
function useProfileValue<K extends 'cellphone' | 'allowtexting' | 'bidanonymously' | 'state' | 'notifications'>(
  form: ProfileForm,
  name: K,
) {
  const { field, fieldState } = useController({ control: form.control, name });
  return { value: field.value, set: field.onChange, error: fieldState.error?.message };
}

export function NameFields({ form }: { form: ProfileForm }) {
  return (
    <>
      <FormField
        form={form}
        name="firstname"
        label="First Name"
        autoComplete="given-name"
        testId="firstname"
        showError
      />
      <FormField form={form} name="lastname" label="Last Name" autoComplete="family-name" testId="lastname" showError />
    </>
  );
}

export function PhoneAndTexting({ form }: { form: ProfileForm }) {
  const phone = useProfileValue(form, 'cellphone');
  const texting = useProfileValue(form, 'allowtexting');
  return (
    <>
      <Field
        label="Cell Phone"
        type="tel"
        inputMode="tel"
        placeholder="(555) 555-5555"
        value={phone.value}
        onChange={(v) => phone.set(phoneDigits(v).length === 10 ? formatPhone(v) : v)}
        error={phone.error}
        autoComplete="tel-national"
        testId="cellphone"
      />
      <IonItem lines="none" className="gavel-field">
        <IonCheckbox
          labelPlacement="end"
          justify="start"
          checked={texting.value}
          data-testid="allowtexting"
          onIonChange={(e) => texting.set(e.detail.checked)}
        >
          <span style={{ whiteSpace: 'normal' }}>
            I agree to receive text messages about this auction. Text STOP to unsubscribe.
          </span>
        </IonCheckbox>
      </IonItem>
    </>
  );
}

/**
 * The profile's check before it goes on: the form's rules, then the spec's 'Text Messaging Opt-In'
 * question when a phone is given without agreeing to texts. Render <TextOptInAlert {...dialog} />.
 */
export function useTextOptIn(form: ProfileForm, proceed: () => void) {
  const [open, setOpen] = useState(false);
  const check = async (e?: BaseSyntheticEvent) => {
    e?.preventDefault();
    if (!(await form.trigger())) return;
    const { cellphone, allowtexting } = form.getValues();
    if (phoneDigits(cellphone) !== '' && !allowtexting) setOpen(true);
    else proceed();
  };
  const dialog = {
    open,
    onGoBack: () => setOpen(false),
    onProceed: () => {
      setOpen(false);
      proceed();
    },
  };
  return { check, dialog };
}

/** 'Text Messaging Opt-In': asked when a phone is given without agreeing to texts. */
export function TextOptInAlert({
  open,
  onGoBack,
  onProceed,
}: {
  open: boolean;
  onGoBack: () => void;
  onProceed: () => void;
}) {
  return (
    <Sheet open={open} onClose={onGoBack} label="Text Messaging Opt-In" variant="dialog" testId="optin-dialog">
      <h2 style={{ marginTop: 8 }}>Text Messaging Opt-In</h2>
      <p>Are you sure you sure you want to proceed?</p>
      <div className="gavel-actions">
        <IonButton expand="block" data-testid="optin-go-back" onClick={onGoBack}>
          Go Back
        </IonButton>
        <IonButton expand="block" fill="outline" data-testid="proceed-without-texts" onClick={onProceed}>
          Proceed without Text Messages
        </IonButton>
      </div>
    </Sheet>
  );
}

export function AddressFields({ form }: { form: ProfileForm }) {
  const state = useProfileValue(form, 'state');
  return (
    <>
      <FormField form={form} name="address" label="Address" autoComplete="address-line1" testId="address" showError />
      <FormField
        form={form}
        name="address2"
        label="Address Line 2"
        autoComplete="address-line2"
        testId="address2"
        showError
      />
      <FormField form={form} name="city" label="City" autoComplete="address-level2" testId="city" showError />
      <div className="gavel-field">
        <label className="gavel-select">
          <span>State</span>
          <select
            value={state.value}
            autoComplete="address-level1"
            data-testid="state"
            onChange={(e) => state.set(e.target.value)}
          >
            <option value="">Choose a state</option>
            {STATE_CODES.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </label>
        {state.error ? <p className="gavel-error">{state.error}</p> : null}
      </div>
    </>
  );
}

export function ZipField({ form }: { form: ProfileForm }) {
  return (
    <FormField
      form={form}
      name="zip"
      label="Zip Code"
      inputMode="numeric"
      autoComplete="postal-code"
      testId="zip"
      showError
    />
  );
}

export function AnonymousToggle({ form }: { form: ProfileForm }) {
  const anonymous = useProfileValue(form, 'bidanonymously');
  return (
    <IonItem lines="none" className="gavel-field">
      <IonToggle
        checked={anonymous.value}
        data-testid="bidanonymously"
        onIonChange={(e) => anonymous.set(e.detail.checked)}
      >
        Bid Anonymously
      </IonToggle>
    </IonItem>
  );
}

/**
 * One checkbox per notification row and column, as the event defines them. The Text column is
 * unticked and disabled, with the reason, while the form has no phone or no agreement to texts:
 * the server sends none then, and the screen says the same (with `textsLink`, where to fix it).
 * The Push column shows only where the browser can take pushes, and turning it on asks for them
 * first (push/device.ts); a refusal is said under the table and the box stays off.
 */
export function NotificationMatrix({
  form,
  rows,
  columns,
  textsLink,
}: {
  form: ProfileForm;
  rows: NotificationRow[];
  columns: NotificationColumn[];
  textsLink?: ReactNode;
}) {
  const { value, set } = useProfileValue(form, 'notifications');
  const shown = columnsHere(columns);
  const [cellphone, allowtexting] = useWatch({ control: form.control, name: ['cellphone', 'allowtexting'] });
  const textsOff =
    !canReceiveTexts({ cellphone, allowtexting }) && columns.some((c) => c.value === TEXT_NOTIFICATION_COLUMN);
  const unavailable = (col: string) => textsOff && col === TEXT_NOTIFICATION_COLUMN;
  const flag = (rowId: number, col: string) => value.find((n) => n.notificationrowid === rowId)?.flags[col] ?? false;
  const toggle = (rowId: number, col: string, on: boolean) => {
    // Read now, not at render: Push turns on after the browser's answer, other boxes may have changed.
    const latest = form.getValues('notifications');
    const others = latest.filter((n) => n.notificationrowid !== rowId);
    const current = latest.find((n) => n.notificationrowid === rowId)?.flags ?? {};
    set(
      [...others, { notificationrowid: rowId, flags: { ...current, [col]: on } }].sort(
        (a, b) => a.notificationrowid - b.notificationrowid,
      ),
    );
  };
  const push = usePushSwitch((rowId) => toggle(rowId, PUSH_NOTIFICATION_COLUMN, true));
  // Push on for the account, but not on this browser: its boxes show off, and ticking one
  // subscribes this device too (the other devices keep theirs).
  const elsewhereOnly = push.here === false;
  const pushOnElsewhere =
    elsewhereOnly &&
    shown.some((c) => c.value === PUSH_NOTIFICATION_COLUMN) &&
    value.some((n) => n.flags[PUSH_NOTIFICATION_COLUMN]);
  const ticked = (rowId: number, col: string) =>
    col === PUSH_NOTIFICATION_COLUMN ? (flag(rowId, col) && !elsewhereOnly) || push.asking === rowId : flag(rowId, col);
  const change = (rowId: number, col: string, on: boolean) => {
    if (col === PUSH_NOTIFICATION_COLUMN && on) push.ask(rowId);
    // Shown off here while on elsewhere: a click that turns nothing on changes nothing.
    else if (col === PUSH_NOTIFICATION_COLUMN && !ticked(rowId, col)) return;
    else toggle(rowId, col, on);
  };
  const describedBy = (col: string) =>
    unavailable(col)
      ? 'texts-unavailable'
      : col === PUSH_NOTIFICATION_COLUMN && push.problem
        ? 'push-problem'
        : col === PUSH_NOTIFICATION_COLUMN && pushOnElsewhere
          ? 'push-elsewhere'
          : undefined;
  return (
    <>
      <table className="gavel-matrix" data-testid="notification-matrix">
        <thead>
          <tr>
            <th scope="col">Notify me</th>
            {shown.map((c) => (
              <th key={c.value} scope="col">
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.notificationrowid}>
              <th scope="row">
                <IonLabel>{r.title}</IonLabel>
              </th>
              {shown.map((c) => (
                <td key={c.value}>
                  <IonCheckbox
                    aria-label={`${r.title}: ${c.title}`}
                    aria-describedby={describedBy(c.value)}
                    checked={!unavailable(c.value) && ticked(r.notificationrowid, c.value)}
                    disabled={unavailable(c.value) || (c.value === PUSH_NOTIFICATION_COLUMN && push.asking !== null)}
                    data-testid={`notify-${r.notificationrowid}-${c.value}`}
                    onIonChange={(e) => change(r.notificationrowid, c.value, e.detail.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {textsOff ? (
        <p className="gavel-muted gavel-matrix-note" id="texts-unavailable" data-testid="texts-unavailable">
          {TEXTS_NEED_PHONE} {textsLink}
        </p>
      ) : null}
      {pushOnElsewhere ? (
        <p className="gavel-muted gavel-matrix-note" id="push-elsewhere" data-testid="push-elsewhere">
          {pushMessages.elsewhere}
        </p>
      ) : null}
      {push.problem ? (
        <p className="gavel-error gavel-matrix-note" id="push-problem" role="alert" data-testid="push-problem">
          {push.problem}
        </p>
      ) : null}
    </>
  );
}
