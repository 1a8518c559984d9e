import { useWatch } from 'react-hook-form';
import { DEDUCTIBILITY_CHOICES, newStoreSettingsRows } from '@gavel/domain';
import { Checkbox, Select, TextArea, TextInput } from '../ui/fields';
import { RowCard, type RowProps, type SectionProps, StoreList } from './RowCard';
import { messageAt } from './storeForm';

const TABS = [
  { value: 'Tickets', label: 'Tickets' },
  { value: 'Merchandise', label: 'Merchandise' },
];

function ItemRow({ form, index, count, savedCode, use, onMove, onRemove }: RowProps) {
  const base = `store.items.${index}` as const;
  const item = useWatch({ control: form.control, name: base });
  const sales = savedCode ? use.items.get(savedCode.toLowerCase()) : undefined;
  const testId = `store-item-${index}`;
  const badges = sales && (sales.sold > 0 || sales.held > 0) && (
    <>
      {sales.sold > 0 && (
        <span className="store-badge" data-testid={`${testId}-sold`}>
          {sales.sold} sold
        </span>
      )}
      {sales.held > 0 && <span className="store-badge">{sales.held} in carts</span>}
    </>
  );
  const quantityHint = item.unlimited
    ? 'Never sells out.'
    : sales && sales.sold > 0
      ? `At least ${sales.sold}: that many are sold. 0 shows SOLD OUT.`
      : '0 shows SOLD OUT.';
  return (
    <RowCard
      title={item.name.trim() || 'New item'}
      badges={badges}
      index={index}
      count={count}
      onMove={onMove}
      onRemove={onRemove}
      removeBlocked={
        sales?.inuse ? 'Orders or carts hold this item: set its quantity to 0 to stop selling it.' : undefined
      }
      invalid={messageAt(form, base) !== '' || Boolean(form.formState.errors.store?.items?.[index])}
      testId={testId}
    >
      <div className="store-grid">
        <div className="store-span-2">
          <TextInput form={form} name={`${base}.name`} label="Name" testId={`${testId}-name`} />
        </div>
        <TextInput
          form={form}
          name={`${base}.code`}
          label="Code"
          hint="Your own key for it, unique in the store."
          testId={`${testId}-code`}
        />
        <Select form={form} name={`${base}.tab`} label="Tab" options={TABS} testId={`${testId}-tab`} />
        <TextInput
          form={form}
          name={`${base}.section`}
          label="Section"
          hint="The heading it is listed under."
          testId={`${testId}-section`}
        />
        {item.free ? (
          <p className="store-free-note">Free: shown FREE, no card needed.</p>
        ) : (
          <TextInput form={form} name={`${base}.price`} label="Price ($)" testId={`${testId}-price`} />
        )}
        <TextInput
          form={form}
          name={`${base}.quantity`}
          label="Quantity"
          hint={quantityHint}
          disabled={item.unlimited}
          testId={`${testId}-quantity`}
        />
        <TextInput
          form={form}
          name={`${base}.maxpertransaction`}
          label="Most per cart"
          hint="0: no limit."
          testId={`${testId}-max`}
        />
        {item.tab === 'Tickets' && (
          <TextInput
            form={form}
            name={`${base}.seats`}
            label="Guest seats"
            hint="Seats one gives: a table of eight, 8."
            testId={`${testId}-seats`}
          />
        )}
        <TextInput
          form={form}
          name={`${base}.fairmarketvalue`}
          label="Fair market value ($)"
          hint="Of one: a ticket's dinner, for the receipt."
          testId={`${testId}-fairmarketvalue`}
        />
        <Select
          form={form}
          name={`${base}.deductible`}
          label="How is it deductible?"
          options={[...DEDUCTIBILITY_CHOICES]}
          testId={`${testId}-deductible`}
        />
        <div className="store-checks">
          <Checkbox form={form} name={`${base}.unlimited`} label="Unlimited" testId={`${testId}-unlimited`} />
          <Checkbox form={form} name={`${base}.free`} label="Free" testId={`${testId}-free`} />
        </div>
        <div className="store-span-2">
          <TextInput
            form={form}
            name={`${base}.logourl`}
            label="Picture address"
            hint="A path on this site (/media/…) or an https:// address; empty for none."
            testId={`${testId}-logourl`}
          />
        </div>
        <div className="store-span-all">
          <TextArea
            form={form}
            name={`${base}.description`}
            label="Description"
            rows={2}
            testId={`${testId}-description`}
          />
        </div>
      </div>
    </RowCard>
  );
}

/** The store's items: what it sells, in the order the store lists them. */
export function ItemsSection({ form, use, list }: SectionProps<'store.items'>) {
  return (
    <div className="store-list">
      <StoreList
        form={form}
        use={use}
        name="store.items"
        list={list}
        title="Store items"
        hint="Tickets and merchandise, listed in this order under their section headings."
        addLabel="Add item"
        addTestId="store-add-item"
        empty="Nothing is for sale yet. Add an item to start."
        onAdd={() => list.append(newStoreSettingsRows.item())}
        row={(props) => <ItemRow {...props} />}
      />
    </div>
  );
}
