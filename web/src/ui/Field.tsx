import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'prefix' | 'children' | 'id'>;

/**
 * A labelled input with its error under it. A native input in the app's field box (code-style
 * rule 39): Ionic's input was the heaviest control of the event home's first load, for a box and a
 * label. `testId` names the wrapper, so a test reaches the input as `getByTestId(id).locator('input')`.
 * `children` sit at the end of the box (the password's show/hide button).
 */
export function Field({
  label,
  value,
  onChange,
  error,
  testId,
  type = 'text',
  prefix,
  children,
  className,
  inputRef,
  ...input
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  testId: string;
  prefix?: string;
  children?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
} & InputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className ? `gavel-field ${className}` : 'gavel-field'} data-testid={testId}>
      <div className={`gavel-input${input.disabled ? ' gavel-input-off' : ''}`}>
        <label htmlFor={id}>{label}</label>
        <div className="gavel-input-row">
          {prefix ? <span aria-hidden="true">{prefix}</span> : null}
          <input
            id={id}
            ref={inputRef}
            type={type}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...input}
          />
          {children}
        </div>
      </div>
      {error ? (
        <p id={errorId} className="gavel-error" role="alert" data-testid={`${testId}-error`}>
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
