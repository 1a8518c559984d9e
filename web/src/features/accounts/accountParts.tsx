import { Fragment, useState } from 'react';
import { IonButton } from '@ionic/react';
import { IonIcon } from '../../ui/ionicLazy';
import { eyeOffOutline, eyeOutline } from 'ionicons/icons';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { FormField } from '../../ui/form';
import './accounts.css';

/** An email cut after its @ and before each dot (no lookbehind: older phones' Safari lacks it). */
function emailParts(email: string): string[] {
  const at = email.indexOf('@');
  const halves = at < 0 ? [email] : [email.slice(0, at + 1), email.slice(at + 1)];
  return halves.flatMap((half) => half.split(/(?=\.)/)).filter((part) => part !== '');
}

/**
 * An email address that may wrap at sensible points: after the @ and before each dot, never inside
 * a word unless one part alone is wider than the line.
 */
export function Email({ email, testId }: { email: string; testId?: string }) {
  return (
    <span className="gavel-email" data-testid={testId}>
      {emailParts(email).map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** The email a screen is about, read-only, shown whole in a box like the fields around it. */
export function EmailLine({ email, testId, label = 'Email' }: { email: string; testId: string; label?: string }) {
  return (
    <div className="gavel-field gavel-email-line">
      <span className="gavel-email-label">{label}</span>
      <Email email={email} testId={testId} />
    </div>
  );
}

/** A password field of a form, with a button that shows or hides what was typed. */
export function PasswordField<T extends FieldValues>({
  form,
  name,
  label,
  autocomplete,
  testId,
}: {
  form: UseFormReturn<T, unknown, FieldValues>;
  name: FieldPath<T>;
  label: string;
  autocomplete: 'current-password' | 'new-password';
  testId: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <FormField
      form={form}
      name={name}
      label={label}
      type={shown ? 'text' : 'password'}
      autoComplete={autocomplete}
      testId={testId}
    >
      {/* Keeps the keyboard up: the input keeps its focus while the button is pressed. On a plain
          element: Ionic's components test a two-word event prop (onPointerDown) with an inline
          handler, which the page's security policy refuses and reports as an error. */}
      <span className="gavel-password-toggle-hold" onPointerDown={(e) => e.preventDefault()}>
        <IonButton
          fill="clear"
          className="gavel-password-toggle"
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          data-testid={`${testId}-toggle`}
          onClick={() => setShown((s) => !s)}
        >
          <IonIcon slot="icon-only" icon={shown ? eyeOffOutline : eyeOutline} aria-hidden="true" />
        </IonButton>
      </span>
    </FormField>
  );
}
