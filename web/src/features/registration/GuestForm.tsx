import { useMemo, useState } from 'react';
import { IonButton } from '@ionic/react';
import { lockClosed, lockOpen } from 'ionicons/icons';
import { useController, type UseFormReturn } from 'react-hook-form';
import {
  choicesByField,
  FIELD_CONTROL,
  formKey,
  type GuestField,
  type GuestFormValues,
  type GuestLookup,
  guestFormDefaults,
  guestFormSchema,
  guestSaveRequest,
  isEmailField,
  savedNotice,
} from '@gavel/domain';
import { api } from '../../api/client';
import '../../api/storeCalls';
import { FormError } from '../../ui/Field';
import { FormField, useApiForm } from '../../ui/form';
import { IonIcon } from '../../ui/ionicLazy';
import { IonCheckbox } from '../../ui/ionicControls';
import { pushNotice } from '../../ui/notices';
import { useToast } from '../../ui/toast';

/**
 * A guest's fields, as the edit dialog and the guest's own page show them: every control of the
 * spec, each field's problem under it (from its first blur, or a save), read-only fields locked
 * until the edit-lock toggle beside the first name is turned, and Save off while a problem stands.
 */
export interface GuestFormProps {
  token: string;
  guestid: number;
  registrationid: number;
  fields: GuestField[];
  lookups: GuestLookup[];
  /** The seat is locked: everything is shown, nothing can change. */
  locked: boolean;
  onSaved: (guestname: string) => void;
  /** The server refused the save (the seat was locked meanwhile, say): the page reads its list again. */
  onRefused?: () => void;
  /** The edit-lock toggle, which lets read-only fields change: the purchaser's, not a guest's own page. */
  canUnlock?: boolean;
  /** Shown beside Save (the dialog's Cancel). */
  actions?: React.ReactNode;
}

export function GuestForm({
  token,
  guestid,
  registrationid,
  fields,
  lookups,
  locked,
  onSaved,
  onRefused,
  canUnlock = true,
  actions,
}: GuestFormProps) {
  const [unlocked, setUnlocked] = useState(false);
  const choicesOf = useMemo(() => choicesByField(lookups), [lookups]);
  const toast = useToast();
  const { form, onSubmit, message, busy } = useApiForm({
    schema: guestFormSchema(fields, choicesOf),
    defaultValues: guestFormDefaults(fields),
    mode: 'onTouched',
    submit: (values) =>
      api('PUT /storeguest', guestSaveRequest(fields, values, { guestid, registrationid, unlock: unlocked }), {
        token,
      }),
    onSuccess: (answer) => {
      // Saved, but the guest's link was held back by a mail cap: said until dismissed, as the dialog closes.
      if (answer.linknotice) pushNotice({ tone: 'info', message: answer.linknotice, duration: 0 });
      // Otherwise 'Saved', and whether the guest's own link went out with it.
      else toast.success(savedNotice(answer));
      onSaved(answer.guestname);
    },
    onError: () => onRefused?.(),
  });
  const hasProblems = Object.keys(form.formState.errors).length > 0;
  const readOnlyFields = fields.some((f) => f.fieldreadonly);
  const [first] = fields;
  return (
    <form className="gavel-guest-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="guest-form">
      {fields.map((f) => {
        const off = locked || (f.fieldreadonly && !unlocked);
        const toggle =
          f === first && readOnlyFields && canUnlock && !locked ? (
            // A native toggle button: its aria-pressed follows each press (Ionic's copies it once).
            <button
              type="button"
              className="gavel-guest-unlock"
              aria-pressed={unlocked}
              aria-label={unlocked ? 'Lock read-only fields' : 'Unlock read-only fields'}
              data-testid="guest-unlock"
              onClick={() => setUnlocked((u) => !u)}
            >
              <IonIcon icon={unlocked ? lockOpen : lockClosed} aria-hidden="true" />
            </button>
          ) : null;
        return (
          <div key={f.fieldid} className="gavel-guest-field">
            <GuestInput form={form} field={f} lookups={lookups} disabled={off} />
            {toggle}
          </div>
        );
      })}
      <FormError message={hasProblems ? '' : message} testId="guest-form-message" />
      <div className="gavel-actions">
        <IonButton type="submit" expand="block" disabled={locked || busy || hasProblems} data-testid="guest-save">
          {busy ? 'Saving…' : 'Save'}
        </IonButton>
        {actions}
      </div>
    </form>
  );
}

function GuestInput({
  form,
  field,
  lookups,
  disabled,
}: {
  form: UseFormReturn<GuestFormValues>;
  field: GuestField;
  lookups: GuestLookup[];
  disabled: boolean;
}) {
  const name = formKey(field.fieldid);
  // Named by the label (guest-field-meal-choice), so tests read as the page does.
  const testId = `guest-field-${field.fieldlabel
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
  const label = field.fieldrequired ? `${field.fieldlabel} *` : field.fieldlabel;
  switch (field.fieldcontrol) {
    case FIELD_CONTROL.yesno:
      return <YesNo form={form} name={name} label={field.fieldlabel} disabled={disabled} testId={testId} />;
    case FIELD_CONTROL.lookup:
      return (
        <Lookup
          form={form}
          name={name}
          label={label}
          options={lookups.filter((l) => l.lookupfieldid === field.fieldid)}
          disabled={disabled}
          testId={testId}
        />
      );
    case FIELD_CONTROL.number:
      return (
        <FormField
          form={form}
          name={name}
          label={label}
          inputMode="decimal"
          disabled={disabled}
          showError
          testId={testId}
        />
      );
    case FIELD_CONTROL.currency:
      return (
        <FormField
          form={form}
          name={name}
          label={label}
          inputMode="decimal"
          prefix="$"
          disabled={disabled}
          showError
          testId={testId}
        />
      );
    default:
      return isEmailField(field) ? (
        <FormField
          form={form}
          name={name}
          label={label}
          type="email"
          autoComplete="off"
          maxLength={field.fieldtextlength}
          disabled={disabled}
          showError
          testId={testId}
        />
      ) : (
        <FormField
          form={form}
          name={name}
          label={label}
          maxLength={field.fieldtextlength}
          disabled={disabled}
          showError
          testId={testId}
        />
      );
  }
}

function YesNo({
  form,
  name,
  label,
  disabled,
  testId,
}: {
  form: UseFormReturn<GuestFormValues>;
  name: string;
  label: string;
  disabled: boolean;
  testId: string;
}) {
  const { field } = useController({ control: form.control, name });
  return (
    <div className="gavel-field gavel-guest-yesno">
      <IonCheckbox
        labelPlacement="end"
        justify="start"
        checked={field.value === true}
        disabled={disabled}
        data-testid={testId}
        onIonChange={(e) => field.onChange(e.detail.checked)}
      >
        {label}
      </IonCheckbox>
    </div>
  );
}

function Lookup({
  form,
  name,
  label,
  options,
  disabled,
  testId,
}: {
  form: UseFormReturn<GuestFormValues>;
  name: string;
  label: string;
  options: GuestLookup[];
  disabled: boolean;
  testId: string;
}) {
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <div className="gavel-field">
      <label className={`gavel-select${disabled ? ' gavel-store-off' : ''}`}>
        <span>{label}</span>
        <select
          value={typeof field.value === 'string' ? field.value : ''}
          disabled={disabled}
          data-testid={testId}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
        >
          <option value="">Choose…</option>
          {options.map((o) => (
            <option key={o.lookupid} value={String(o.lookupid)}>
              {o.lookup}
            </option>
          ))}
        </select>
      </label>
      {fieldState.error ? (
        <p className="gavel-error" role="alert" data-testid={`${testId}-error`}>
          {fieldState.error.message}
        </p>
      ) : null}
    </div>
  );
}
