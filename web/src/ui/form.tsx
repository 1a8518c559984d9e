import { useState, type ComponentProps } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  useController,
  useForm,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Field } from './Field';
import { errorMessage } from './action';

/**
 * The one way to build a form: react-hook-form validating with a zod schema (from domain where the
 * API has one, so the form and the server agree), submitting through the typed API client, and
 * showing the server's message when it refuses. Pages render `message` with FormError.
 */
export interface ApiFormOptions<S extends z.ZodType<FieldValues, FieldValues>, R> {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /** The call, given the validated values. */
  submit: (values: z.output<S>) => Promise<R>;
  onSuccess?: (answer: R, values: z.output<S>) => void;
  /** Also told of a refusal by the server (some screens toast it as well). */
  onError?: (message: string) => void;
  /** How a message is shown (some screens prefix 'Error : '). */
  formatMessage?: (message: string) => string;
  /** When fields are checked: on submit (the default), or from a field's first blur on (errors then clear as they are corrected). */
  mode?: 'onSubmit' | 'onTouched';
}

export interface ApiForm<S extends z.ZodType<FieldValues, FieldValues>> {
  form: UseFormReturn<z.input<S>, unknown, z.output<S>>;
  /** Hand to <form onSubmit>. */
  onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  /** The first problem: a field's own or the server's refusal; empty when none. */
  message: string;
  busy: boolean;
}

export { errorMessage };

export function useApiForm<S extends z.ZodType<FieldValues, FieldValues>, R>(
  options: ApiFormOptions<S, R>,
): ApiForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(options.schema),
    defaultValues: options.defaultValues,
    mode: options.mode ?? 'onSubmit',
  });
  const [message, setMessage] = useState('');
  const show = options.formatMessage ?? ((m: string) => m);
  const onSubmit = form.handleSubmit(
    async (values) => {
      setMessage('');
      try {
        const answer = await options.submit(values);
        options.onSuccess?.(answer, values);
      } catch (err) {
        setMessage(show(errorMessage(err)));
        options.onError?.(errorMessage(err));
      }
    },
    (errors) => {
      const first = Object.values(errors)[0];
      setMessage(typeof first?.message === 'string' ? show(first.message) : '');
    },
  );
  return { form, onSubmit, message, busy: form.formState.isSubmitting };
}

type FieldProps = Omit<ComponentProps<typeof Field>, 'value' | 'onChange' | 'error' | 'form' | 'name'>;

/** A Field bound to one value of a form; `showError` puts the field's own message under it. */
export function FormField<T extends FieldValues>({
  form,
  name,
  showError = false,
  ...field
}: { form: UseFormReturn<T, unknown, FieldValues>; name: FieldPath<T>; showError?: boolean } & FieldProps) {
  const { field: bound, fieldState } = useController({ control: form.control, name });
  const value = typeof bound.value === 'string' || typeof bound.value === 'number' ? String(bound.value) : '';
  return (
    <Field
      onBlur={bound.onBlur}
      inputRef={bound.ref}
      {...field}
      value={value}
      onChange={bound.onChange}
      error={showError ? fieldState.error?.message : undefined}
    />
  );
}
