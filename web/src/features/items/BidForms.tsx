import { type ComponentType, useEffect, useRef, useState } from 'react';
import { IonItem } from '@ionic/react';
import { IonCheckbox } from '../../ui/ionicLazy';
import { Navigate, useParams } from 'react-router-dom';
import { type FieldValues, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { AuctionItem, RequestOf, SubmitBidResponse } from '@gavel/domain';
import { amountInput, defaultIncrement, formatMoney, maxBidSchema, placeBidSchema, showPlaceBid, showUpdateMaxBid } from '@gavel/domain';
import { api } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { Page } from '../../ui/Page';
import { FormCard } from '../../ui/formParts';
import { type ApiFormOptions, FormField, useApiForm } from '../../ui/form';
import { Loading } from '../../ui/Loading';
import { useHistory } from '../../ui/navigation';
import { useToast } from '../../ui/toast';
import { useItem, usePatchItem } from '../../queries/items';

const THANKS_MS = 3000;

/**
 * Sends a bid. A retry of the same bid (after a dropped connection) reuses its Idempotency-Key, so
 * it is placed once; a different bid gets a new key.
 */
function useSubmit() {
  const patch = usePatchItem();
  const last = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (body: object) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() };
    return { 'idempotency-key': last.current.key };
  };
  return {
    bid: async (body: RequestOf<'POST /submitbid'>) => {
      const res = await api('POST /submitbid', body, { headers: keyFor(body) });
      patch(res.item);
      return res;
    },
    maximum: async (body: RequestOf<'POST /maxbid'>) => {
      const res = await api('POST /maxbid', body, { headers: keyFor(body) });
      patch(res.item);
      return res;
    },
  };
}

/** A bid form: the answer's note (outbid) is toasted and shown, else the thanks; a refusal is toasted too. */
function useBidForm<S extends z.ZodType<FieldValues, FieldValues>>(o: Pick<ApiFormOptions<S, SubmitBidResponse>, 'schema' | 'defaultValues' | 'submit'> & { thanks: string; onDone: (message: string) => void }) {
  const toast = useToast();
  return useApiForm({
    ...o,
    onSuccess: (res) => {
      if (res.message) toast.info(res.message);
      o.onDone(res.message ? res.message : o.thanks);
    },
    onError: (m) => toast.error(m),
  });
}

function Thanks({ message, itemId }: { message: string; itemId: number }) {
  const { eventcode } = useSession();
  const history = useHistory();
  useEffect(() => {
    const t = setTimeout(() => history.replace(`/${eventcode}/auction-items/${itemId}`), THANKS_MS);
    return () => clearTimeout(t);
  }, [eventcode, itemId, history]);
  return (
    <section className="gavel-card gavel-center" data-testid="bid-thanks" role="status">
      <h1 style={{ marginTop: 0 }}>{message}</h1>
    </section>
  );
}

interface BidFormProps {
  item: AuctionItem;
  onDone: (message: string) => void;
}

/** The bid pages' frame: only signed-in bidders; a loading state; the thanks once done. */
function BidPage({ testId, Form }: { testId: string; Form: ComponentType<BidFormProps> }) {
  const { id } = useParams();
  const { eventcode, claims, isGuest } = useSession();
  const item = useItem(Number(id)).data;
  const [done, setDone] = useState('');
  if (!claims || isGuest) return <Navigate to={`/${eventcode}`} replace />;
  return (
    <Page header="back-item" itemId={item?.itemid} testId={testId}>
      {!item ? <Loading /> : done ? <Thanks message={done} itemId={item.itemid} /> : <Form item={item} onDone={setDone} />}
    </Page>
  );
}

/** A bid, or an automatic bid up to a secret maximum. */
function PlaceBidForm({ item, onDone }: BidFormProps) {
  const { eventcode, user } = useSession();
  const submit = useSubmit();
  const bidForm = useBidForm({
    schema: placeBidSchema(item),
    defaultValues: { amount: '', auto: false, max: '', increment: '' },
    submit: (v) => submit.bid({ eventcode, itemid: item.itemid, userid: user?.userid, ...v }),
    thanks: 'Thank you for bidding!',
    onDone,
  });
  const form = bidForm.form;
  const auto = useWatch({ control: form.control, name: 'auto' });
  const min = item.minimumnextbid;
  return (
    <FormCard of={bidForm} button={auto ? 'Place Automatic Bid' : 'Place Bid'} buttonTestId="submit-bid" errorTestId="bid-error">
      <h1 style={{ marginTop: 0, fontSize: '1.3rem' }}>{item.name}</h1>
      <p>
        {item.numberofbids > 0 ? 'Current bid' : 'Starting bid'} <strong>{formatMoney(item.numberofbids > 0 ? item.currentbid : item.startingbid)}</strong> · minimum next bid <strong data-testid="min-bid">{formatMoney(min)}</strong>
      </p>
      {!showPlaceBid(item, user?.authorizebidder === true) ? <p className="gavel-error">Bidding is not available on this item.</p> : null}
      {!auto ? <FormField form={form} name="amount" label="Your Bid ($)" type="number" inputmode="decimal" placeholder={amountInput(min)} testId="bid-amount" /> : null}
      {item.allowautobid ? (
        <IonItem lines="none" className="gavel-field">
          <IonCheckbox labelPlacement="end" justify="start" checked={auto} data-testid="auto-bid-toggle" onIonChange={(e) => form.setValue('auto', e.detail.checked)}>
            <span style={{ whiteSpace: 'normal' }}>Bid for me automatically up to a maximum</span>
          </IonCheckbox>
        </IonItem>
      ) : null}
      {auto ? (
        <>
          <FormField form={form} name="max" label="Maximum Bid ($)" type="number" inputmode="decimal" placeholder={amountInput(min)} testId="max-bid" />
          <FormField form={form} name="increment" label="Bid Increment ($)" type="number" inputmode="decimal" placeholder={amountInput(defaultIncrement(item.minimumbidincrease))} testId="bid-increment" />
          <p className="gavel-muted">We bid for you only as much as needed to keep you in the lead, up to your maximum.</p>
        </>
      ) : null}
    </FormCard>
  );
}

/** The leader raises their maximum or changes their increment. */
function MaxBidForm({ item, onDone }: BidFormProps) {
  const { eventcode, user } = useSession();
  const submit = useSubmit();
  const currentMax = item.accountautobidamount;
  const currentIncrement = item.accountautobidincrement || defaultIncrement(item.minimumbidincrease);
  const bidForm = useBidForm({
    schema: maxBidSchema(item),
    defaultValues: { max: '', increment: '' },
    submit: (v) => submit.maximum({ eventcode, itemid: item.itemid, ...v }),
    thanks: 'Congratulations! You are the high bidder.',
    onDone,
  });
  return (
    <FormCard of={bidForm} button="Update Max Bid" buttonTestId="submit-max-bid" errorTestId="bid-error">
      <h1 style={{ marginTop: 0, fontSize: '1.3rem' }}>Update Max Bid</h1>
      <p>
        {item.name}: current bid <strong>{formatMoney(item.currentbid)}</strong>, your maximum <strong data-testid="current-max">{formatMoney(currentMax)}</strong>
      </p>
      {!showUpdateMaxBid(item, user?.authorizebidder === true) ? <p className="gavel-error">You are not the high bidder on this item.</p> : null}
      <FormField form={bidForm.form} name="max" label="New Maximum Bid ($)" type="number" inputmode="decimal" placeholder={amountInput(currentMax)} testId="max-bid" />
      <FormField form={bidForm.form} name="increment" label="Bid Increment ($)" type="number" inputmode="decimal" placeholder={amountInput(currentIncrement)} testId="bid-increment" />
    </FormCard>
  );
}

/** /place-bid/{id} and /auto-bid/{id}. */
export const PlaceBid = () => <BidPage testId="place-bid-page" Form={PlaceBidForm} />;
export const AutoBid = () => <BidPage testId="auto-bid-page" Form={MaxBidForm} />;
