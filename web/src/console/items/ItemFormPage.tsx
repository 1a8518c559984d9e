import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  DEDUCTIBILITY_CHOICES,
  formatTimeWithZone,
  ITEM_FIELD_LABELS as L,
  type ItemFormValues,
  itemFormSchema,
  itemFormValues,
} from '@gavel/domain';
import { Layout } from '../Layout';
import { eventPath } from '../nav';
import { consoleApi } from '../session';
import { Checkbox, FormMessage, Select, TextArea, TextInput } from '../ui/fields';
import { errorMessage } from '../../ui/action';
import { useApiForm } from '../../ui/form';
import { PhotoSection } from './PhotoSection';
import { itemChanged, itemKey, type ItemAnswer, useConsoleItem, useConsoleItems } from './queries';
import { RetireSection } from './RetireSection';
import './items.css';

interface EventTimes {
  timezone: string;
  biddingopens: string;
  biddingcloses: string;
}

/** The item form: /items/new adds an item, /items/:itemnum changes one (staff only; the route says so to others). */
export function ItemFormPage() {
  const { eventcode = '', itemnum } = useParams();
  const item = useConsoleItem(eventcode, itemnum);
  const items = useConsoleItems(eventcode);
  const times: EventTimes | undefined = item.data ?? items.data;
  const failed = itemnum ? item.error : items.error;
  const title = itemnum
    ? item.data
      ? `Item ${item.data.item.itemnum}: ${item.data.item.name}`
      : `Item ${itemnum}`
    : 'New item';
  const back = (
    <Link className="console-button secondary" to={eventPath(eventcode, 'items')} data-testid="back-to-items">
      All items
    </Link>
  );
  return (
    <Layout title={title} actions={back}>
      {failed && (
        <p className="console-error" role="alert" data-testid="item-load-error">
          {errorMessage(failed)}
        </p>
      )}
      {!failed && (!times || (itemnum && !item.data)) && <p className="console-loading">Loading…</p>}
      {times && (!itemnum || item.data) && (
        <ItemForm key={itemnum ?? 'new'} eventcode={eventcode} answer={item.data} times={times} />
      )}
    </Layout>
  );
}

function ItemForm({ eventcode, answer, times }: { eventcode: string; answer?: ItemAnswer; times: EventTimes }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const saidOnArrival = (useLocation().state as { said?: string } | null)?.said ?? '';
  const [said, setSaid] = useState(saidOnArrival);
  const current = answer?.item.itemnum;
  const { timezone } = times;
  const { form, onSubmit, message, busy } = useApiForm({
    schema: itemFormSchema({
      timezone,
      bidding: { biddingopens: new Date(times.biddingopens), biddingcloses: new Date(times.biddingcloses) },
      itemnum: current,
    }),
    defaultValues: itemFormValues(answer?.item, timezone),
    mode: 'onTouched',
    submit: (values) => {
      // The photos are the section's, as the cache holds them now (each photo call updates it).
      const saved = current ? client.getQueryData<ItemAnswer>(itemKey(eventcode, current))?.item : undefined;
      const body = { ...values, photos: saved?.photos ?? [], imageurl: saved?.imageurl };
      const raw = { contentType: 'application/json', body: JSON.stringify(body) };
      return current
        ? consoleApi('PUT /console/events/:eventcode/items/:itemnum', body, {
            params: { eventcode, itemnum: current },
            raw,
          })
        : consoleApi('POST /console/events/:eventcode/items', body, { params: { eventcode }, raw });
    },
    onSuccess: (saved) => {
      itemChanged(client, eventcode, saved);
      const sentence = current ? 'Saved.' : 'Item added. Now add its photos.';
      setSaid(sentence);
      if (saved.item.itemnum !== current)
        navigate(eventPath(eventcode, `items/${encodeURIComponent(saved.item.itemnum)}`), {
          replace: true,
          state: { said: sentence },
        });
    },
  });
  const field = (name: keyof ItemFormValues) => ({ form, name, label: L[name], testId: `item-${name}` });
  return (
    <div className="items-form-page">
      {answer && <ItemStatus answer={answer} />}
      <form className="console-form items-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="item-form">
        <fieldset>
          <legend>About the item</legend>
          <div className="console-row">
            <TextInput {...field('itemnum')} hint="Unique in the event; bidders see it." />
            <TextInput {...field('name')} />
          </div>
          <TextArea {...field('description')} rows={3} hint="Plain text, shown on the item's page." />
          <TextArea {...field('longdescription')} rows={4} hint="HTML; cleaned of anything unsafe when saved." />
          <div className="console-row">
            <TextInput {...field('donatedby')} />
            <TextInput
              {...field('location')}
              hint="Where it is shown at the venue; the board and the filters use it."
            />
          </div>
          <TextInput {...field('tags')} hint="Separated by commas: wine, travel." />
        </fieldset>
        <fieldset>
          <legend>Bidding</legend>
          <div className="console-row">
            <TextInput {...field('startingbid')} hint="In dollars." />
            <TextInput {...field('minimumbidincrease')} hint="In dollars: each bid is at least this much more." />
          </div>
          <TextInput
            {...field('closing')}
            type="datetime-local"
            hint={`In the event's time (${timezone}). Empty: the event's close, ${formatTimeWithZone(times.biddingcloses, timezone)}.`}
          />
          <Checkbox {...field('allowautobid')} hint="Bidders may leave a maximum and let Gavel bid for them." />
          <Checkbox {...field('itemisliveonly')} hint="Sold in the live auction: shown, but no bids on phones." />
          <TextInput
            {...field('paddlelevels')}
            hint="For a fund-a-need (paddle raise): its giving levels in dollars, separated by commas, such as 5000, 1000, 500, 100. Empty for any other item."
          />
        </fieldset>
        <fieldset>
          <legend>Buy It Now and quantity</legend>
          <div className="console-row">
            <Checkbox {...field('buyitnowavailable')} />
            <Checkbox {...field('buyitnowonly')} hint="Sold at its price only, no bidding." />
          </div>
          <div className="console-row">
            <TextInput {...field('buyitnowprice')} hint="In dollars." />
            <TextInput {...field('quantity')} />
            <TextInput {...field('maxpurchasequantity')} hint="0: no limit." />
          </div>
          <Checkbox {...field('unlimitedquantity')} hint="Only for Buy It Now only items." />
        </fieldset>
        <fieldset>
          <legend>Value, order and pickup</legend>
          <div className="console-row">
            <TextInput {...field('fairmarketvalue')} hint="In dollars: the good-faith estimate the receipt states." />
            <TextInput {...field('featured')} hint="Lower numbers are listed first." />
          </div>
          <Select
            {...field('deductible')}
            options={[...DEDUCTIBILITY_CHOICES]}
            hint="What the winner's tax receipt shows as deductible. Donations and fund-a-need pledges are always fully deductible."
          />
          <Checkbox {...field('ispriceless')} hint="Shows Priceless instead of a value." />
          <TextArea {...field('pickupinstructions')} rows={2} hint="Empty: the event's pickup instructions." />
        </fieldset>
        <div className="console-form-actions items-form-actions">
          <button type="submit" className="console-button" disabled={busy} data-testid="item-save">
            {busy ? 'Saving…' : current ? 'Save changes' : 'Add item'}
          </button>
          <FormMessage message={message} testId="item-message" />
          {said && !message && (
            <p className="console-success" role="status" data-testid="item-saved">
              {said}
            </p>
          )}
        </div>
      </form>
      {answer ? (
        <>
          <PhotoSection
            eventcode={eventcode}
            itemnum={answer.item.itemnum}
            name={answer.item.name}
            photos={answer.photos}
            imageurl={answer.item.imageurl ?? ''}
          />
          <RetireSection eventcode={eventcode} itemnum={answer.item.itemnum} bids={answer.numberofbids} />
        </>
      ) : (
        <section className="items-photos" aria-labelledby="photos-heading">
          <h2 id="photos-heading">Photos</h2>
          <p className="console-notice">Add the item first; then add its photos here.</p>
        </section>
      )}
    </div>
  );
}

function ItemStatus({ answer }: { answer: ItemAnswer }) {
  const parts = [
    answer.numberofbids === 0 ? 'No bids yet' : `${answer.numberofbids} bid${answer.numberofbids === 1 ? '' : 's'}`,
    answer.quantitysold > 0 ? `${answer.quantitysold} sold` : '',
    answer.closed ? 'bidding closed' : '',
  ].filter(Boolean);
  return (
    <p className="console-notice items-status" data-testid="item-status">
      {parts.join(' · ')}
    </p>
  );
}
