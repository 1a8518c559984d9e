import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { walkupForm } from '@gavel/domain';
import { errorMessage, useApiForm } from '../../ui/form';
import { FormMessage, TextInput } from '../ui/fields';
import { checkinKey, type WalkedUp, walkUp } from './calls';

type WalkupValues = z.output<typeof walkupForm>;

const EMPTY = { firstname: '', lastname: '', email: '', cellphone: '' };

/**
 * A guest at the door without an account: four fields and Enter. They become a bidder with the
 * next free number, checked in, and get their sign-in link by email and text. The number is shown
 * large to write on their paddle; the form is empty again, its first field ready for the next
 * guest. A look-alike of a bidder already here is the server's warning, with "Add anyway".
 */
export function WalkupForm({ eventcode, onClose }: { eventcode: string; onClose: () => void }) {
  const client = useQueryClient();
  const [warning, setWarning] = useState('');
  const [given, setGiven] = useState<{ number: number; message: string } | null>(null);
  const { form, onSubmit, message, busy } = useApiForm({
    schema: walkupForm,
    defaultValues: EMPTY,
    submit: (values) => walkUp(eventcode, { ...values, confirm: false }),
    onSuccess: (done) => settle(done),
  });
  const anyway = useMutation({
    mutationFn: (values: WalkupValues) => walkUp(eventcode, { ...values, confirm: true }),
    onSuccess: (done) => settle(done),
  });
  function settle(done: WalkedUp) {
    if (done.kind === 'lookalike') return setWarning(done.message);
    setWarning('');
    setGiven({ number: done.answer.biddernumber, message: done.answer.message });
    void client.invalidateQueries({ queryKey: checkinKey(eventcode) });
    form.reset(EMPTY);
  }
  // The first field is ready when the form opens and after each guest, once the reset has rendered
  // (a reset forgets the fields until they register again).
  useEffect(() => {
    form.setFocus('firstname');
  }, [given, form]);
  return (
    <form className="console-form checkin-walkup" onSubmit={onSubmit} aria-labelledby="checkin-walkup-title" noValidate>
      <h2 id="checkin-walkup-title">Walk-up</h2>
      {given && (
        <div className="checkin-given" role="status" data-testid="walkup-given">
          <span className="checkin-given-label">Bidder number</span>
          <strong className="checkin-given-number" data-testid="walkup-number">
            {given.number}
          </strong>
          <span data-testid="walkup-message">{given.message}</span>
        </div>
      )}
      <div className="console-row">
        <TextInput form={form} name="firstname" label="First name" testId="walkup-firstname" autoComplete="off" />
        <TextInput form={form} name="lastname" label="Last name" testId="walkup-lastname" autoComplete="off" />
      </div>
      <div className="console-row">
        <TextInput form={form} name="email" label="Email" type="email" testId="walkup-email" autoComplete="off" />
        <TextInput
          form={form}
          name="cellphone"
          label="Cell phone"
          type="tel"
          testId="walkup-cellphone"
          autoComplete="off"
          hint="Their sign-in link is texted here too."
        />
      </div>
      {warning && (
        <div className="console-warning" role="alert" data-testid="walkup-lookalike">
          <p>{warning}</p>
          <div className="console-form-actions">
            <button
              type="button"
              className="console-button"
              disabled={anyway.isPending}
              onClick={() => void form.handleSubmit((values) => anyway.mutate(values))()}
              data-testid="walkup-anyway"
            >
              Add anyway
            </button>
            <button type="button" className="console-button secondary" onClick={() => setWarning('')}>
              Change the details
            </button>
          </div>
        </div>
      )}
      <FormMessage message={anyway.error ? errorMessage(anyway.error) : message} testId="walkup-problem" />
      {!warning && (
        <div className="console-form-actions">
          <button type="submit" className="console-button" disabled={busy} data-testid="walkup-submit">
            Add and check in
          </button>
          <button type="button" className="console-button secondary" onClick={onClose}>
            Close
          </button>
        </div>
      )}
    </form>
  );
}
