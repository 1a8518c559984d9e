import type { EventSettingsAnswer } from '@gavel/domain';
import { Select, TextInput } from '../ui/fields';
import type { SettingsForm } from './SettingsSections';

const PROCESSORS = [
  { value: '0', label: 'None (Bill Me only)' },
  { value: '1', label: 'Test gateway (no money moves)' },
  { value: '2', label: 'Stripe' },
];

const secretHint = (set: boolean) =>
  set ? 'Saved — enter a new key to replace it; leave empty to keep it.' : 'Not saved yet.';

/**
 * The card processor and its keys: an owner's alone. Secret keys are never shown again once saved
 * (the server answers them empty and says whether one is saved); an empty field keeps the saved one.
 */
export function PaymentsSection({
  form,
  saved,
  owner,
}: {
  form: SettingsForm;
  saved: EventSettingsAnswer;
  owner: boolean;
}) {
  const processor = form.watch('paymentprocessorcode');
  if (!owner)
    return (
      <fieldset data-testid="settings-payments">
        <legend>Payments</legend>
        <p className="console-notice" data-testid="payments-owner-only">
          Card payments: {PROCESSORS.find((p) => p.value === String(saved.paymentprocessorcode))?.label}. Only an owner
          of this organization may change the payment settings.
        </p>
      </fieldset>
    );
  return (
    <fieldset data-testid="settings-payments">
      <legend>Payments</legend>
      <div className="console-row">
        <Select
          form={form}
          name="paymentprocessorcode"
          label="Card processor"
          options={PROCESSORS}
          testId="settings-processor"
        />
        <TextInput
          form={form}
          name="currency"
          label="Currency"
          testId="settings-currency"
          hint="Three letters, such as usd"
        />
      </div>
      {processor === '2' && (
        <>
          <TextInput
            form={form}
            name="processorpublickey"
            label="Publishable key"
            testId="settings-publickey"
            hint="pk_…"
            autoComplete="off"
          />
          <TextInput
            form={form}
            name="processorsecretkey"
            label="Secret key"
            type="password"
            autoComplete="new-password"
            placeholder={saved.processorsecretkeyset ? 'Saved' : 'sk_… or rk_…'}
            testId="settings-secretkey"
            hint={secretHint(saved.processorsecretkeyset)}
          />
          <TextInput
            form={form}
            name="processorwebhooksecret"
            label="Webhook signing secret"
            type="password"
            autoComplete="new-password"
            placeholder={saved.processorwebhooksecretset ? 'Saved' : 'whsec_…'}
            testId="settings-webhooksecret"
            hint={`${secretHint(saved.processorwebhooksecretset)} Stripe sends to /api/webhooks/stripe/${saved.eventcode}.`}
          />
          <TextInput
            form={form}
            name="processoraccountid"
            label="Connected account"
            testId="settings-accountid"
            hint="acct_…, for a Stripe Connect account; empty otherwise"
          />
        </>
      )}
    </fieldset>
  );
}
