import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { pickupCode } from '@gavel/domain';
import { errorMessage, useApiForm } from '../../ui/form';
import { FormMessage, TextInput } from '../ui/fields';
import { QrScanner } from '../ui/QrScanner';
import { fetchPickup, pickupKey, usePickup } from './calls';
import { PickupItems } from './PickupItems';

const codeForm = z.object({ code: pickupCode });

/**
 * The hand-over: a code typed, scanned by the camera, or typed by a keyboard scanner (then Enter)
 * opens the bidder's items; Enter again marks the paid ones collected, and the box is ready for the
 * next bidder.
 */
export function HandOver({ eventcode }: { eventcode: string }) {
  const client = useQueryClient();
  const [code, setCode] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [scanning, setScanning] = useState(false);
  const found = usePickup(eventcode, code);
  const { form, onSubmit, message, busy } = useApiForm({
    schema: codeForm,
    defaultValues: { code: '' },
    submit: ({ code: typed }) =>
      client.fetchQuery({ queryKey: pickupKey(eventcode, typed), queryFn: () => fetchPickup(eventcode, typed) }),
    onSuccess: (answer) => {
      setNotice('');
      setCode(answer.code);
      form.reset({ code: '' });
    },
    // A code that finds nobody: the last bidder's items leave the screen with it.
    onError: () => {
      setNotice('');
      setCode(null);
    },
  });
  useEffect(() => {
    form.setFocus('code');
  }, [form]);

  return (
    <div className="pickup-handover">
      <div className="pickup-find">
        <form className="console-form pickup-code-form" onSubmit={onSubmit} noValidate>
          <TextInput
            form={form}
            name="code"
            label="Pickup code"
            hint="On the bidder's receipt and in their order history."
            autoComplete="off"
            testId="pickup-code"
          />
          <div className="pickup-code-actions">
            <button type="submit" className="console-button" disabled={busy} data-testid="pickup-find">
              Find
            </button>
            <button
              type="button"
              className="console-button secondary"
              aria-expanded={scanning}
              onClick={() => setScanning(!scanning)}
              data-testid="pickup-scan"
            >
              {scanning ? 'Stop scanning' : 'Scan'}
            </button>
          </div>
          <FormMessage message={message} testId="pickup-find-problem" />
        </form>
        {scanning && (
          <QrScanner
            label="Scan the QR code on the bidder's receipt"
            onCode={(text) => {
              setScanning(false);
              form.setValue('code', text);
              void onSubmit();
            }}
          />
        )}
      </div>
      <p className="console-success" role="status" data-testid="pickup-notice" hidden={!notice}>
        {notice}
      </p>
      {found.isError && <p className="console-error">{errorMessage(found.error)}</p>}
      {found.data && (
        <PickupItems
          key={found.data.code}
          eventcode={eventcode}
          answer={found.data}
          onDone={(said) => {
            setNotice(said);
            form.setFocus('code');
          }}
        />
      )}
    </div>
  );
}
