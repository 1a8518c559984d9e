import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useApiForm } from '../../ui/form';
import { consoleApi } from '../session';
import { eventPath } from '../nav';
import { FormMessage, Select, TextInput } from '../ui/fields';
import { newEventForm, type NewEventValues } from './eventForm';
import { eventsKey } from './queries';
import { zoneOptions } from './zones';
import { ZonedTimes } from './parts';

/**
 * A new event, or a copy of one (`defaults.copyfrom`): its code, name, zone and four times on the
 * event's clock. Saved, it opens the new event's overview.
 */
export function NewEventForm({
  defaults,
  copyName,
  onCancel,
}: {
  defaults: NewEventValues;
  /** The copied event's name, for the heading; absent for a new event. */
  copyName?: string;
  onCancel: () => void;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { form, onSubmit, message, busy } = useApiForm({
    schema: newEventForm,
    defaultValues: defaults,
    submit: (body) => consoleApi('POST /console/events', body),
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: eventsKey });
      navigate(eventPath(answer.event.eventcode));
    },
  });
  const heading = copyName ? `Copy ${copyName}` : 'New event';
  return (
    <form
      className="console-form events-new"
      onSubmit={onSubmit}
      noValidate
      data-testid="event-form"
      aria-label={heading}
    >
      <h2>{heading}</h2>
      {copyName && (
        <p className="console-hint">
          The copy gets the event&apos;s settings, items (with their photos) and store: no bids, orders or bidders. Its
          other dates move with its opening.
        </p>
      )}
      <div className="console-row">
        <TextInput
          form={form}
          name="eventcode"
          label="Event code"
          hint="Part of the address: letters, digits, - and _"
          testId="event-code"
        />
        <TextInput form={form} name="eventname" label="Event name" testId="event-name" />
      </div>
      <Select
        form={form}
        name="timezone"
        label="Time zone"
        testId="event-zone"
        options={zoneOptions(defaults.timezone)}
      />
      <ZonedTimes form={form} testIdPrefix="event" />
      <FormMessage message={message} />
      <div className="console-form-actions">
        <button type="submit" className="console-button" disabled={busy} data-testid="event-create">
          {copyName ? 'Copy event' : 'Create event'}
        </button>
        <button type="button" className="console-button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
