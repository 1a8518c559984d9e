import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { addBidderForm } from '@gavel/domain';
import { errorMessage, useApiForm } from '../../ui/form';
import { FormMessage, TextInput } from '../ui/fields';
import { type Added, addBidder, biddersKey } from './calls';

type AddValues = z.output<typeof addBidderForm>;

/**
 * Adds a bidder who has no phone: a name, an email (their sign-in link and receipt go there), and a
 * number or the next free one. A bidder of the same name is a warning the server gives; "Add
 * anyway" sends the form again, confirmed.
 */
export function AddBidderForm({
  eventcode,
  nextnumber,
  onAdded,
  onCancel,
}: {
  eventcode: string;
  nextnumber: number | undefined;
  onAdded: (message: string) => void;
  onCancel: () => void;
}) {
  const client = useQueryClient();
  const [warning, setWarning] = useState('');
  const settle = (added: Added) => {
    if (added.kind === 'lookalike') return setWarning(added.message);
    setWarning('');
    void client.invalidateQueries({ queryKey: biddersKey(eventcode) });
    onAdded(added.answer.message);
  };
  const { form, onSubmit, message, busy } = useApiForm({
    schema: addBidderForm,
    defaultValues: { firstname: '', lastname: '', email: '', cellphone: '', bidderdisplaynumber: '' },
    submit: (values) => addBidder(eventcode, { ...values, confirm: false }),
    onSuccess: settle,
  });
  const anyway = useMutation({
    mutationFn: (values: AddValues) => addBidder(eventcode, { ...values, confirm: true }),
    onSuccess: settle,
  });
  const next = nextnumber === undefined ? 'the next free number' : `the next free number, ${nextnumber}`;
  return (
    <form className="console-form bidders-add" onSubmit={onSubmit} aria-labelledby="bidders-add-title" noValidate>
      <h2 id="bidders-add-title">Add a bidder</h2>
      <p className="console-hint bidders-add-intro">
        For a guest without a phone: the desk can bid and check out for them, and they can sign in later with the link
        emailed to them.
      </p>
      <div className="console-row">
        <TextInput form={form} name="firstname" label="First name" testId="add-firstname" autoComplete="off" />
        <TextInput form={form} name="lastname" label="Last name" testId="add-lastname" autoComplete="off" />
      </div>
      <div className="console-row">
        <TextInput form={form} name="email" label="Email" type="email" testId="add-email" autoComplete="off" />
        <TextInput
          form={form}
          name="cellphone"
          label="Cell phone (optional)"
          testId="add-cellphone"
          autoComplete="tel"
        />
        <TextInput
          form={form}
          name="bidderdisplaynumber"
          label="Bidder number"
          testId="add-number"
          placeholder={nextnumber === undefined ? '' : String(nextnumber)}
          hint={`Leave empty for ${next}.`}
        />
      </div>
      {warning && (
        <div className="console-warning bidders-lookalike" role="alert" data-testid="bidders-lookalike">
          <p>{warning}</p>
          <div className="console-form-actions">
            <button
              type="button"
              className="console-button"
              disabled={anyway.isPending}
              onClick={() => void form.handleSubmit((values) => anyway.mutate(values))()}
              data-testid="bidders-add-anyway"
            >
              Add anyway
            </button>
            <button type="button" className="console-button secondary" onClick={() => setWarning('')}>
              Change the details
            </button>
          </div>
        </div>
      )}
      <FormMessage message={anyway.error ? errorMessage(anyway.error) : message} testId="bidders-add-message" />
      {!warning && (
        <div className="console-form-actions">
          <button type="submit" className="console-button" disabled={busy} data-testid="bidders-add-submit">
            Add bidder
          </button>
          <button type="button" className="console-button secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      )}
    </form>
  );
}
