import { TextArea, TextInput } from '../ui/fields';
import type { SettingsForm } from './SettingsSections';

/**
 * Who gives the tax receipts of the event: the organization's legal name, its tax id, its mailing
 * address and the disclosure text printed at the foot of every receipt and statement. Left empty,
 * a receipt still lists what was paid and what is deductible, without them.
 */
export function TaxSection({ form }: { form: SettingsForm }) {
  return (
    <fieldset data-testid="settings-tax">
      <legend>Tax receipts</legend>
      <p className="console-hint">
        Printed at the foot of every receipt and giving statement, by email and as a PDF. Left empty, a receipt still
        shows what was paid and what is deductible.
      </p>
      <div className="console-row">
        <TextInput
          form={form}
          name="legalname"
          label="Legal name"
          autoComplete="organization"
          testId="settings-legalname"
          hint="As registered, such as Riverside School Foundation, Inc."
        />
        <TextInput form={form} name="taxid" label="Tax id (EIN)" testId="settings-taxid" hint="Such as 12-3456789" />
      </div>
      <TextArea
        form={form}
        name="receiptaddress"
        label="Mailing address"
        rows={3}
        testId="settings-receiptaddress"
        hint="One line per line of the address, up to six"
      />
      <TextArea
        form={form}
        name="receiptdisclosure"
        label="Receipt disclosure"
        rows={4}
        testId="settings-receiptdisclosure"
        hint="Your exempt status and anything your adviser asks a receipt to say, such as: Riverside School Foundation is a 501(c)(3) tax-exempt organization. Gavel adds the $75 statement itself when it is due."
      />
    </fieldset>
  );
}
