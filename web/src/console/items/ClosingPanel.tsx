import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { formatTimeWithZone, instantFromZonedInput } from '@gavel/domain';
import { consoleApi } from '../session';
import { Checkbox, FormMessage, Select, TextInput } from '../ui/fields';
import { useApiForm } from '../../ui/form';
import { itemsTouched } from './queries';

interface Props {
  eventcode: string;
  /** The item numbers selected in the table. */
  selected: string[];
  locations: string[];
  timezone: string;
  biddingcloses: string;
  onDone: () => void;
}

/** The panel's fields to the call's body: the selection or a location; a time in the event's zone, or its close. */
const panelSchema = (selected: string[], timezone: string) =>
  z
    .object({
      target: z.enum(['selection', 'location']),
      location: z.string(),
      closing: z.string(),
      eventclose: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (v.target === 'selection' && selected.length === 0)
        ctx.addIssue({ code: 'custom', path: ['target'], message: 'Select the items in the table first.' });
      if (v.target === 'location' && !v.location)
        ctx.addIssue({ code: 'custom', path: ['location'], message: 'Choose a location.' });
      if (!v.eventclose && !instantFromZonedInput(v.closing, timezone))
        ctx.addIssue({ code: 'custom', path: ['closing'], message: 'Enter a date and time.' });
    })
    .transform((v) => ({
      closing: v.eventclose ? null : instantFromZonedInput(v.closing, timezone),
      ...(v.target === 'selection' ? { itemnums: selected } : { location: v.location }),
    }));

/** "Set closing time": for the items selected in the table, or for every item at a location (staff only). */
export function ClosingPanel({ eventcode, selected, locations, timezone, biddingcloses, onDone }: Props) {
  const client = useQueryClient();
  const [done, setDone] = useState('');
  const { form, onSubmit, message, busy } = useApiForm({
    schema: panelSchema(selected, timezone),
    defaultValues: { target: 'selection', location: locations[0] ?? '', closing: '', eventclose: false },
    submit: (body) => consoleApi('PUT /console/events/:eventcode/items/closing', body, { params: { eventcode } }),
    onSuccess: (answer) => {
      setDone(answer.message);
      onDone();
      itemsTouched(client, eventcode);
    },
  });
  const eventclose = form.watch('eventclose');
  const target = form.watch('target');
  return (
    <section className="items-closing-panel" aria-labelledby="closing-heading" data-testid="closing-panel">
      <h2 id="closing-heading">Set closing time</h2>
      <form className="items-closing-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Select
          form={form}
          name="target"
          label="For"
          testId="closing-target"
          options={[
            {
              value: 'selection',
              label: selected.length === 0 ? 'Selected items (none yet)' : `Selected items (${selected.length})`,
            },
            { value: 'location', label: 'Every item at a location' },
          ]}
        />
        {target === 'location' && (
          <Select
            form={form}
            name="location"
            label="Location"
            testId="closing-location"
            options={locations.map((l) => ({ value: l, label: l }))}
          />
        )}
        <TextInput
          form={form}
          name="closing"
          type="datetime-local"
          label={`Closes at (${timezone})`}
          testId="closing-time"
          disabled={eventclose}
        />
        <Checkbox
          form={form}
          name="eventclose"
          label="Use the event's close"
          hint={formatTimeWithZone(biddingcloses, timezone)}
          testId="closing-eventclose"
        />
        <div className="console-form-actions">
          <button type="submit" className="console-button" disabled={busy} data-testid="closing-submit">
            Set closing time
          </button>
        </div>
      </form>
      <FormMessage message={message} testId="closing-message" />
      {done && !message && (
        <p className="console-success" role="status" data-testid="closing-done">
          {done}
        </p>
      )}
    </section>
  );
}
