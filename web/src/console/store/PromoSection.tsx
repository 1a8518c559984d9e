import { useController, useWatch } from 'react-hook-form';
import { newStoreSettingsRows } from '@gavel/domain';
import { Select, TextInput } from '../ui/fields';
import { ListProblem, RowCard, type RowProps, type SectionProps, StoreList } from './RowCard';
import { messageAt, type StoreForm } from './storeForm';

const KINDS = [
  { value: 'percent', label: 'Percent off' },
  { value: 'amount', label: 'Dollars off' },
];

/** The items a code applies to: ticked items, or every item when none is ticked. */
function AppliesTo({ form, index, testId }: { form: StoreForm; index: number; testId: string }) {
  const base = `store.promocodes.${index}` as const;
  const { field } = useController({ control: form.control, name: `${base}.items` });
  const items = useWatch({ control: form.control, name: 'store.items' });
  const chosen = new Set(field.value.map((c) => c.toLowerCase()));
  const choices = items.filter((i) => i.code.trim() !== '');
  const toggle = (code: string, on: boolean) =>
    field.onChange(on ? [...field.value, code] : field.value.filter((c) => c.toLowerCase() !== code.toLowerCase()));
  const listed = form.formState.errors.store?.promocodes?.[index]?.items;
  const problem = Array.isArray(listed) ? listed.find((e) => e?.message)?.message : undefined;
  return (
    <fieldset className="store-applies" data-testid={`${testId}-items`}>
      <legend>Applies to</legend>
      <p className="console-hint">{chosen.size === 0 ? 'Every item (tick some to limit it).' : 'The ticked items.'}</p>
      <div className="store-applies-list">
        {choices.map((item, i) => {
          const id = `${testId}-item-${i}`;
          return (
            <span className="console-check" key={`${item.code}-${i}`}>
              <input
                id={id}
                type="checkbox"
                checked={chosen.has(item.code.toLowerCase())}
                onChange={(e) => toggle(item.code.trim(), e.target.checked)}
                data-testid={id}
              />
              <label htmlFor={id}>{item.name.trim() || item.code}</label>
            </span>
          );
        })}
      </div>
      <ListProblem message={problem ?? messageAt(form, `${base}.items`)} testId={`${testId}-items-problem`} />
    </fieldset>
  );
}

function PromoRow({ form, index, count, savedCode, use, timezone, onMove, onRemove }: RowProps & { timezone: string }) {
  const base = `store.promocodes.${index}` as const;
  const promo = useWatch({ control: form.control, name: base });
  const uses = savedCode ? (use.promocodes.get(savedCode.toLowerCase()) ?? 0) : 0;
  const testId = `store-promo-${index}`;
  const discountProblem = messageAt(form, `${base}.percent`) || messageAt(form, `${base}.amount`);
  return (
    <RowCard
      title={promo.code.trim() || 'New promo code'}
      badges={
        uses > 0 && (
          <span className="store-badge" data-testid={`${testId}-uses`}>
            used {uses} time{uses === 1 ? '' : 's'}
          </span>
        )
      }
      index={index}
      count={count}
      onMove={onMove}
      onRemove={onRemove}
      removeBlocked={uses > 0 ? 'Orders have used this code: set "Valid until" to end it.' : undefined}
      invalid={Boolean(form.formState.errors.store?.promocodes?.[index])}
      testId={testId}
    >
      <div className="store-grid">
        <TextInput
          form={form}
          name={`${base}.code`}
          label="Code"
          hint="What buyers type: letters, digits, - and _."
          testId={`${testId}-code`}
        />
        <Select form={form} name={`${base}.kind`} label="Discount" options={KINDS} testId={`${testId}-kind`} />
        <div>
          <TextInput
            form={form}
            name={`${base}.value`}
            label={promo.kind === 'percent' ? 'Percent (1 to 100)' : 'Dollars'}
            testId={`${testId}-value`}
          />
          <ListProblem message={discountProblem} testId={`${testId}-value-problem`} />
        </div>
        <TextInput
          form={form}
          name={`${base}.maxuses`}
          label="Most uses"
          hint="Orders that may use it; empty: no limit."
          testId={`${testId}-maxuses`}
        />
        <div className="store-span-2">
          <TextInput
            form={form}
            type="datetime-local"
            name={`${base}.validfrom`}
            label="Valid from"
            hint={`Event time (${timezone}); empty: no start.`}
            testId={`${testId}-validfrom`}
          />
        </div>
        <div className="store-span-2">
          <TextInput
            form={form}
            type="datetime-local"
            name={`${base}.validuntil`}
            label="Valid until"
            hint={`Event time (${timezone}); empty: no end.`}
            testId={`${testId}-validuntil`}
          />
        </div>
        <div className="store-span-all">
          <AppliesTo form={form} index={index} testId={testId} />
        </div>
      </div>
    </RowCard>
  );
}

/** The store's promo codes. */
export function PromoSection({ form, use, timezone, list }: SectionProps<'store.promocodes'>) {
  return (
    <div className="store-list">
      <StoreList
        form={form}
        use={use}
        name="store.promocodes"
        list={list}
        title="Promo codes"
        hint="Codes buyers type at checkout (capitals do not matter); one code per cart."
        addLabel="Add promo code"
        addTestId="store-add-promo"
        empty="No promo codes."
        onAdd={() => list.append(newStoreSettingsRows.promo())}
        row={(props) => <PromoRow {...props} timezone={timezone} />}
      />
    </div>
  );
}
