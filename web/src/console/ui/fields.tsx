import type { ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * The console's form fields, bound to a form of the one form hook (ui/form.tsx useApiForm): a label,
 * the control, a hint, and the field's own message under it (aria-invalid and aria-describedby
 * set), so a refused field says what is wrong where it is.
 */
interface Bound<T extends FieldValues> {
  form: UseFormReturn<T, unknown, FieldValues>;
  name: FieldPath<T>;
  label: string;
  hint?: ReactNode;
  testId: string;
  disabled?: boolean;
}

function errorOf<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, name: FieldPath<T>): string {
  const parts = name.split('.');
  let node: unknown = form.formState.errors;
  for (const p of parts)
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[p] : undefined;
  const message = typeof node === 'object' && node !== null ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : '';
}

const idOf = (name: string) => `f-${name.replace(/[^\w-]/g, '-')}`;

/** A field's frame: its label (after the box, for a check box), the control, a hint and its own message. */
function Frame({
  id,
  label,
  hint,
  error,
  check = false,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error: string;
  check?: boolean;
  children: ReactNode;
}) {
  const labelled = <label htmlFor={id}>{label}</label>;
  return (
    <div className="console-field">
      {check ? (
        <span className="console-check">
          {children}
          {labelled}
        </span>
      ) : (
        <>
          {labelled}
          {children}
        </>
      )}
      {hint && (
        <span className="console-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="console-field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

const described = (id: string, hint: unknown, error: string) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** A one-line input: text, email, password, number (as text, so "12.50" reaches the schema as typed), date-time. */
export function TextInput<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  testId,
  disabled,
  type = 'text',
  autoComplete,
  placeholder,
}: Bound<T> & {
  type?: 'text' | 'email' | 'password' | 'datetime-local' | 'search' | 'tel' | 'url';
  autoComplete?: string;
  placeholder?: string;
}) {
  const id = idOf(name);
  const error = errorOf(form, name);
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type={type}
        data-testid={testId}
        disabled={disabled}
        autoComplete={autoComplete}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, hint, error)}
        {...form.register(name)}
      />
    </Frame>
  );
}

/** A multi-line input (descriptions, HTML messages). */
export function TextArea<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  testId,
  disabled,
  rows = 4,
}: Bound<T> & { rows?: number }) {
  const id = idOf(name);
  const error = errorOf(form, name);
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        rows={rows}
        data-testid={testId}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, hint, error)}
        {...form.register(name)}
      />
    </Frame>
  );
}

/** A choice among a few options. */
export function Select<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  testId,
  disabled,
  options,
}: Bound<T> & { options: Array<{ value: string; label: string }> }) {
  const id = idOf(name);
  const error = errorOf(form, name);
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        data-testid={testId}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, hint, error)}
        {...form.register(name)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** A yes-or-no setting. */
export function Checkbox<T extends FieldValues>({ form, name, label, hint, testId, disabled }: Bound<T>) {
  const id = idOf(name);
  const error = errorOf(form, name);
  return (
    <Frame id={id} label={label} hint={hint} error={error} check>
      <input
        id={id}
        type="checkbox"
        data-testid={testId}
        disabled={disabled}
        aria-describedby={described(id, hint, error)}
        {...form.register(name)}
      />
    </Frame>
  );
}

/** The form's message (the first problem, or the server's refusal), announced. */
export function FormMessage({ message, testId = 'form-message' }: { message: string; testId?: string }) {
  if (!message) return null;
  return (
    <p className="console-error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
