import { IonButton, IonItem, IonLabel } from '@ionic/react';
import { IonCheckbox, IonToggle } from '../../ui/ionicLazy';
import { Sheet } from '../../ui/Sheet';
import type { NotificationColumn, NotificationRow, SessionUser, UserNotification } from '@gavel/domain';
import { formatPhone, phoneDigits, STATE_CODES } from '@gavel/domain';
import { apiPut } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { Field } from '../../ui/Field';

/** The profile as the forms edit it. */
export interface ProfileDraft {
  firstname: string;
  lastname: string;
  cellphone: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  allowtexting: boolean;
  bidanonymously: boolean;
  notifications: UserNotification[];
}

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

/** Saves the whole profile (only digits of the phone are sent) and keeps the session's user current. */
export function useSaveProfile() {
  const { setUser, user } = useSession();
  return async (draft: ProfileDraft, extra: { setupcomplete?: boolean } = {}) => {
    const saved = await apiPut<Omit<SessionUser, 'token'>>('/userprofile', { ...draft, cellphone: phoneDigits(draft.cellphone), ...extra });
    setUser({ ...saved, token: user?.token ?? '' });
  };
}

type Errors = Partial<Record<keyof ProfileDraft, string>>;
type Set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) => void;

export function NameFields({ draft, set, errors }: { draft: ProfileDraft; set: Set; errors: Errors }) {
  return (
    <>
      <Field label="First Name" value={draft.firstname} onChange={(v) => set('firstname', v)} error={errors.firstname} autocomplete="given-name" testId="firstname" />
      <Field label="Last Name" value={draft.lastname} onChange={(v) => set('lastname', v)} error={errors.lastname} autocomplete="family-name" testId="lastname" />
    </>
  );
}

export function PhoneAndTexting({ draft, set, errors }: { draft: ProfileDraft; set: Set; errors: Errors }) {
  return (
    <>
      <Field
        label="Cell Phone"
        type="tel"
        inputmode="tel"
        placeholder="(555) 555-5555"
        value={draft.cellphone}
        onChange={(v) => set('cellphone', phoneDigits(v).length === 10 ? formatPhone(v) : v)}
        error={errors.cellphone}
        autocomplete="tel-national"
        testId="cellphone"
      />
      <IonItem lines="none" className="gavel-field">
        <IonCheckbox labelPlacement="end" justify="start" checked={draft.allowtexting} data-testid="allowtexting" onIonChange={(e) => set('allowtexting', e.detail.checked)}>
          <span style={{ whiteSpace: 'normal' }}>I agree to receive text messages about this auction. Text STOP to unsubscribe.</span>
        </IonCheckbox>
      </IonItem>
    </>
  );
}

/** 'Text Messaging Opt-In': asked when a phone is given without agreeing to texts. */
export function TextOptInAlert({ open, onGoBack, onProceed }: { open: boolean; onGoBack: () => void; onProceed: () => void }) {
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

export function AddressFields({ draft, set, errors }: { draft: ProfileDraft; set: Set; errors: Errors }) {
  return (
    <>
      <Field label="Address" value={draft.address} onChange={(v) => set('address', v)} autocomplete="address-line1" testId="address" />
      <Field label="Address Line 2" value={draft.address2} onChange={(v) => set('address2', v)} autocomplete="address-line2" testId="address2" />
      <Field label="City" value={draft.city} onChange={(v) => set('city', v)} autocomplete="address-level2" testId="city" />
      <IonItem lines="none" className="gavel-field">
        <label className="gavel-select">
          <span>State</span>
          <select value={draft.state} data-testid="state" onChange={(e) => set('state', e.target.value)}>
            <option value="">Choose a state</option>
            {STATE_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
      </IonItem>
      {errors.state ? <p className="gavel-error">{errors.state}</p> : null}
    </>
  );
}

export function ZipField({ draft, set, errors }: { draft: ProfileDraft; set: Set; errors: Errors }) {
  return <Field label="Zip Code" value={draft.zip} onChange={(v) => set('zip', v)} error={errors.zip} inputmode="numeric" autocomplete="postal-code" testId="zip" />;
}

export function AnonymousToggle({ draft, set }: { draft: ProfileDraft; set: Set }) {
  return (
    <IonItem lines="none" className="gavel-field">
      <IonToggle checked={draft.bidanonymously} data-testid="bidanonymously" onIonChange={(e) => set('bidanonymously', e.detail.checked)}>
        Bid Anonymously
      </IonToggle>
    </IonItem>
  );
}

/** One checkbox per notification row and column, as the event defines them. */
export function NotificationMatrix({ rows, columns, value, onChange }: { rows: NotificationRow[]; columns: NotificationColumn[]; value: UserNotification[]; onChange: (v: UserNotification[]) => void }) {
  const flag = (rowId: number, col: string) => value.find((n) => n.notificationrowid === rowId)?.flags[col] ?? false;
  const toggle = (rowId: number, col: string, on: boolean) => {
    const others = value.filter((n) => n.notificationrowid !== rowId);
    const current = value.find((n) => n.notificationrowid === rowId)?.flags ?? {};
    onChange([...others, { notificationrowid: rowId, flags: { ...current, [col]: on } }].sort((a, b) => a.notificationrowid - b.notificationrowid));
  };
  return (
    <table className="gavel-matrix" data-testid="notification-matrix">
      <thead>
        <tr>
          <th scope="col">Notify me</th>
          {columns.map((c) => (
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
            {columns.map((c) => (
              <td key={c.value}>
                <IonCheckbox
                  aria-label={`${r.title}: ${c.title}`}
                  checked={flag(r.notificationrowid, c.value)}
                  data-testid={`notify-${r.notificationrowid}-${c.value}`}
                  onIonChange={(e) => toggle(r.notificationrowid, c.value, e.detail.checked)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
