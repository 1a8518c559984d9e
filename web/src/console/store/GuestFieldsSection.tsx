import { useWatch } from 'react-hook-form';
import { newStoreSettingsRows } from '@gavel/domain';
import { Checkbox, Select, TextArea, TextInput } from '../ui/fields';
import { RowCard, type RowProps, type SectionProps, StoreList } from './RowCard';

const CONTROLS = [
  { value: '5', label: 'Text' },
  { value: '2', label: 'Choice (drop-down)' },
  { value: '1', label: 'Yes or no' },
  { value: '3', label: 'Number' },
  { value: '4', label: 'Amount ($)' },
];

function GuestFieldRow({ form, index, count, savedCode, use, onMove, onRemove }: RowProps) {
  const base = `store.registration.fields.${index}` as const;
  const field = useWatch({ control: form.control, name: base });
  const answered = savedCode !== '' && use.answered.has(savedCode.toLowerCase());
  const sameCode = answered && field.code.trim().toLowerCase() === savedCode.toLowerCase();
  const testId = `store-field-${index}`;
  return (
    <RowCard
      title={field.label.trim() || 'New guest field'}
      badges={answered && <span className="store-badge">answered by guests</span>}
      index={index}
      count={count}
      onMove={onMove}
      onRemove={onRemove}
      invalid={Boolean(form.formState.errors.store?.registration?.fields?.[index])}
      testId={testId}
    >
      <div className="store-grid">
        <div className="store-span-2">
          <TextInput
            form={form}
            name={`${base}.label`}
            label="Label"
            hint="The question, as guests and the seating list show it."
            testId={`${testId}-label`}
          />
        </div>
        <TextInput
          form={form}
          name={`${base}.code`}
          label="Code"
          hint="Your own key: letters, digits, - and _."
          testId={`${testId}-code`}
        />
        <Select
          form={form}
          name={`${base}.control`}
          label="Answer"
          options={CONTROLS}
          disabled={sameCode}
          hint={sameCode ? 'Guests have answered it, so its kind stays: add a new field for another.' : undefined}
          testId={`${testId}-control`}
        />
        {field.control === '5' && (
          <TextInput
            form={form}
            name={`${base}.textlength`}
            label="Longest answer (characters)"
            testId={`${testId}-textlength`}
          />
        )}
        <div className="store-checks">
          <Checkbox form={form} name={`${base}.required`} label="Required" testId={`${testId}-required`} />
          <Checkbox
            form={form}
            name={`${base}.readonly`}
            label="Read-only"
            hint="Locked until the purchaser unlocks it."
            testId={`${testId}-readonly`}
          />
        </div>
        {field.control === '2' && (
          <div className="store-span-2">
            <TextArea
              form={form}
              name={`${base}.lookups`}
              label="Choices, one a line"
              rows={4}
              testId={`${testId}-lookups`}
            />
          </div>
        )}
      </div>
    </RowCard>
  );
}

/** Guest registration after a purchase with seats: its settings and the organizer's questions. */
export function GuestFieldsSection({ form, use, timezone, list }: SectionProps<'store.registration.fields'>) {
  return (
    <div className="store-list">
      <fieldset className="store-settings">
        <legend>Guest registration</legend>
        <div className="store-grid">
          <div className="store-span-2">
            <TextInput
              form={form}
              name="store.registration.title"
              label="Title"
              hint="The heading of the guests' pages and their email."
              testId="store-registration-title"
            />
          </div>
          <TextInput
            form={form}
            type="datetime-local"
            name="store.registration.editdeadline"
            label="Guests may change details until"
            hint={`Event time (${timezone}); empty: until you lock seats.`}
            testId="store-registration-deadline"
          />
          <div className="store-checks">
            <Checkbox
              form={form}
              name="store.registration.allowgrouprename"
              label="Purchasers may rename their groups"
              testId="store-registration-rename"
            />
            <Checkbox
              form={form}
              name="store.registration.emailrequired"
              label="Email is required"
              testId="store-registration-email"
            />
          </div>
        </div>
      </fieldset>
      <StoreList
        form={form}
        use={use}
        name="store.registration.fields"
        list={list}
        title="Guest fields"
        hint="Asked after First Name, Last Name and Email, which always come first."
        addLabel="Add guest field"
        addTestId="store-add-field"
        empty="Only the standard three fields are asked."
        onAdd={() => list.append(newStoreSettingsRows.field())}
        row={(props) => <GuestFieldRow {...props} />}
      />
    </div>
  );
}
