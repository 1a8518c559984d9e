import type { BaseSyntheticEvent, ReactNode } from 'react';
import { IonButton } from '@ionic/react';
import { FormError } from './Field';

export interface FormCardProps {
  /** The form: useApiForm's answer (its onSubmit may be given a check to run first). */
  of: { onSubmit: (e?: BaseSyntheticEvent) => Promise<void>; message: string; busy: boolean };
  /** The card's heading, when it has one. */
  title?: string;
  /** The submit button's text and test id. */
  button: string;
  buttonTestId: string;
  /** FormError's test id, on forms that show their message under the fields (others tell it in a toast). */
  errorTestId?: string;
  /** Links or buttons under the submit button; with them, the buttons stand in a column (gavel-actions). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A form in a card: heading, fields, the form's message, then the submit button and any other actions. */
export function FormCard({ of, title, button, buttonTestId, errorTestId, actions, children }: FormCardProps) {
  const submit = (
    <IonButton type="submit" expand="block" size="large" disabled={of.busy} data-testid={buttonTestId}>
      {button}
    </IonButton>
  );
  return (
    <form className="gavel-card" noValidate onSubmit={(e) => void of.onSubmit(e)}>
      {title ? <h1 style={{ marginTop: 0 }}>{title}</h1> : null}
      {children}
      {errorTestId ? <FormError message={of.message} testId={errorTestId} /> : null}
      {actions === undefined ? (
        submit
      ) : (
        <div className="gavel-actions">
          {submit}
          {actions}
        </div>
      )}
    </form>
  );
}
