import { useFieldArray } from 'react-hook-form';
import { STORE_TABS } from '@gavel/domain';
import { Checkbox, TextArea, TextInput } from '../ui/fields';
import { ListProblem, RowCard } from './RowCard';
import { messageAt, type StoreForm } from './storeForm';

const BUTTONS = [
  { key: 'event', what: 'To the store' },
  { key: 'auction', what: 'To the auction' },
  { key: 'donate', what: 'To a donation' },
] as const;

/** The store's tabs in order: which show, and their headings and pictures. */
function TabsList({ form }: { form: StoreForm }) {
  const { fields, append, move, remove } = useFieldArray({ control: form.control, name: 'store.tabs' });
  const missing = STORE_TABS.filter((name) => !fields.some((f) => f.tabname === name));
  return (
    <fieldset className="store-settings">
      <legend>Tabs</legend>
      <p className="console-hint">
        The store&apos;s tabs in order. Registration opens only after checkout; Cart holds the buyer&apos;s cart.
      </p>
      <ListProblem message={messageAt(form, 'store.tabs')} testId="store-tabs-problem" />
      {fields.map((field, index) => (
        <RowCard
          key={field.id}
          title={field.tabname}
          index={index}
          count={fields.length}
          onMove={move}
          onRemove={() => remove(index)}
          removeBlocked={fields.length === 1 ? 'A store keeps at least one tab.' : undefined}
          invalid={Boolean(form.formState.errors.store?.tabs?.[index])}
          testId={`store-tab-${index}`}
        >
          <div className="store-grid">
            <TextInput
              form={form}
              name={`store.tabs.${index}.heading`}
              label="Heading"
              testId={`store-tab-${index}-heading`}
            />
            <TextInput
              form={form}
              name={`store.tabs.${index}.image`}
              label="Picture address"
              hint="/media/… or https://…; empty for none."
              testId={`store-tab-${index}-image`}
            />
            <div className="store-checks">
              <Checkbox
                form={form}
                name={`store.tabs.${index}.enabled`}
                label="Shown"
                testId={`store-tab-${index}-enabled`}
              />
            </div>
          </div>
        </RowCard>
      ))}
      {missing.length > 0 && (
        <div className="console-form-actions">
          {missing.map((tabname) => (
            <button
              key={tabname}
              type="button"
              className="console-button secondary"
              onClick={() => append({ tabname, heading: '', image: '', enabled: true })}
              data-testid={`store-add-tab-${tabname}`}
            >
              Add the {tabname} tab
            </button>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** The store's landing page, tabs and checkout settings. */
export function StorePageSection({ form }: { form: StoreForm }) {
  return (
    <div className="store-list">
      <fieldset className="store-settings">
        <legend>Landing page</legend>
        <div className="store-grid">
          <div className="store-span-2">
            <TextInput
              form={form}
              name="store.header"
              label="Heading"
              hint="Empty: the event's name."
              testId="store-header"
            />
          </div>
          <div className="store-span-2">
            <TextInput
              form={form}
              name="store.auctionlink"
              label="Auction button goes to"
              hint="A path on this site or an https:// address; empty: the event's auction."
              testId="store-auctionlink"
            />
          </div>
          {BUTTONS.map(({ key, what }) => (
            <div className="store-button-setting" key={key}>
              <TextInput
                form={form}
                name={`store.buttons.${key}.label`}
                label={`Button: ${what}`}
                testId={`store-button-${key}`}
              />
              <Checkbox
                form={form}
                name={`store.buttons.${key}.show`}
                label="Shown"
                testId={`store-button-${key}-show`}
              />
            </div>
          ))}
          <div className="store-span-all">
            <TextArea
              form={form}
              name="store.landinghtml"
              label="Landing page (HTML)"
              hint="Cleaned when saved: scripts and event handlers are removed."
              rows={5}
              testId="store-landinghtml"
            />
          </div>
          <div className="store-span-all">
            <TextArea form={form} name="store.footerhtml" label="Footer (HTML)" rows={3} testId="store-footerhtml" />
          </div>
        </div>
      </fieldset>
      <TabsList form={form} />
      <fieldset className="store-settings">
        <legend>Checkout</legend>
        <div className="store-grid">
          <TextInput
            form={form}
            name="store.holdminutes"
            label="Cart hold (minutes)"
            hint="How long a cart keeps its units after its last change: 1 to 240."
            testId="store-holdminutes"
          />
          <TextInput
            form={form}
            name="store.ccfeespercent"
            label="Card fee a buyer may cover (%)"
            hint="0 to 20; empty: the event's."
            testId="store-ccfeespercent"
          />
          <div className="store-checks store-span-2">
            <Checkbox form={form} name="store.billme" label="Buyers may choose Bill Me" testId="store-billme" />
            <Checkbox
              form={form}
              name="store.allowpaymentoffees"
              label="Offer to cover the card fee"
              testId="store-allowfees"
            />
            <Checkbox form={form} name="store.requiredemail" label="Email required" testId="store-requiredemail" />
            <Checkbox form={form} name="store.requiredzip" label="Zip required" testId="store-requiredzip" />
          </div>
        </div>
      </fieldset>
    </div>
  );
}
