import { IonInput, IonItem } from '@ionic/react';
import type { ComponentProps } from 'react';

type InputProps = ComponentProps<typeof IonInput>;

/** A labelled input with its error under it. */
export function Field({
  label,
  value,
  onChange,
  error,
  testId,
  type = 'text',
  prefix,
  children,
  ...rest
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  testId: string;
  type?: InputProps['type'];
  prefix?: string;
} & Omit<InputProps, 'value' | 'onIonInput' | 'label' | 'type' | 'onChange' | 'prefix'>) {
  return (
    <div className="gavel-field">
      <IonItem lines="none">
        <IonInput
          label={label}
          labelPlacement="stacked"
          type={type}
          value={value}
          data-testid={testId}
          onIonInput={(e) => onChange(String(e.detail.value ?? ''))}
          {...rest}
        >
          {prefix ? (
            <span slot="start" aria-hidden="true">
              {prefix}
            </span>
          ) : null}
          {children}
        </IonInput>
      </IonItem>
      {error ? (
        <p className="gavel-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form's message under its fields (announced to screen readers). */
export function FormError({ message, testId }: { message: string; testId: string }) {
  if (!message) return null;
  return (
    <p className="gavel-error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
