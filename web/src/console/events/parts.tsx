/** Small pieces the events pages share: the four times on the event clock, and a query waiting or failed. */
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { TextInput } from '../ui/fields';
import { TIME_FIELDS, TIME_LABELS, type TimeField } from './eventForm';

/** The four times of an event as datetime-local inputs, each saying which zone's clock it is on. */
export function ZonedTimes<T extends FieldValues & Record<TimeField | 'timezone', string>>({
  form,
  testIdPrefix,
}: {
  form: UseFormReturn<T, unknown, FieldValues>;
  testIdPrefix: string;
}) {
  const zone: string = form.watch('timezone' as FieldPath<T>);
  return (
    <div className="console-row events-times">
      {TIME_FIELDS.map((field) => (
        <TextInput
          key={field}
          form={form}
          // A time field of the form: T holds every one of them.
          name={field as FieldPath<T>}
          type="datetime-local"
          label={TIME_LABELS[field]}
          hint={`${zone} time`}
          testId={`${testIdPrefix}-${field}`}
        />
      ))}
    </div>
  );
}

/** A query's waiting and failure, as every events page shows them. */
export function QueryState({ pending, error }: { pending: boolean; error: Error | null }) {
  if (error)
    return (
      <p className="console-error" role="alert">
        {error.message}
      </p>
    );
  if (!pending) return null;
  return (
    <p className="console-loading" role="status">
      Loading…
    </p>
  );
}
