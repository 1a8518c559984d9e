import { useFieldArray } from 'react-hook-form';
import { Checkbox, Select, TextInput } from '../ui/fields';
import type { SettingsForm } from './SettingsSections';

const KINDS = [
  { value: '', label: 'Nothing (shown only)' },
  { value: 'outbid', label: 'Outbid' },
  { value: 'won', label: 'Won an item' },
  { value: 'closingsoon', label: 'Bidding closing soon' },
];

/**
 * The bidder's notification choices: the columns (how: email, text) and the rows (when), each row
 * with which notice it controls and what is on by default.
 */
export function NotificationsSection({ form }: { form: SettingsForm }) {
  const columns = form.watch('notificationcolumns');
  const rows = useFieldArray({ control: form.control, name: 'notificationrows' });
  const nextId = () => Math.max(0, ...form.getValues('notificationrows').map((r) => r.notificationrowid)) + 1;
  return (
    <fieldset data-testid="settings-notifications">
      <legend>Notifications</legend>
      <Checkbox
        form={form}
        name="shownotificationsmenuitem"
        label="Bidders see the Notifications page in their menu"
        testId="settings-shownotifications"
      />
      <div className="console-row">
        {columns.map((c, i) => (
          <TextInput
            key={c.value}
            form={form}
            name={`notificationcolumns.${i}.title`}
            label={`Column “${c.value}” heading`}
            testId={`settings-column-${c.value}`}
          />
        ))}
      </div>
      {rows.fields.map((row, i) => (
        <div key={row.id} className="settings-notice-row" data-testid="settings-notice-row">
          <TextInput
            form={form}
            name={`notificationrows.${i}.title`}
            label={`Row ${i + 1}`}
            testId={`settings-row-title-${i}`}
          />
          <Select
            form={form}
            name={`notificationrows.${i}.kind`}
            label="Sends"
            options={KINDS}
            testId={`settings-row-kind-${i}`}
          />
          <div className="settings-notice-flags">
            {columns.map((c) => (
              <Checkbox
                key={c.value}
                form={form}
                name={`notificationrows.${i}.flags.${c.value}`}
                label={`${c.title || c.value} on by default`}
                testId={`settings-row-${i}-${c.value}`}
              />
            ))}
          </div>
          <button type="button" className="console-link-button" onClick={() => rows.remove(i)}>
            Remove row {i + 1}
          </button>
        </div>
      ))}
      <div>
        <button
          type="button"
          className="console-button secondary"
          onClick={() =>
            rows.append({
              notificationrowid: nextId(),
              title: '',
              kind: '',
              flags: Object.fromEntries(columns.map((c) => [c.value, false])),
            })
          }
        >
          Add a row
        </button>
      </div>
    </fieldset>
  );
}
