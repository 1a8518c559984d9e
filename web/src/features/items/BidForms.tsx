import { type ReactElement, useEffect, useMemo, useState } from 'react';
import { IonButton, IonItem } from '@ionic/react';
import { IonCheckbox } from '../../ui/ionicLazy';
import { Navigate, useParams } from 'react-router-dom';
import type { AuctionItem, SubmitBidResponse } from '@gavel/domain';
import { BID_CAP, centsToDollars, formatMoney, showPlaceBid, showUpdateMaxBid } from '@gavel/domain';
import { apiPost } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { Page } from '../../ui/Page';
import { Field } from '../../ui/Field';
import { Loading } from '../../ui/Loading';
import { useHistory } from '../../ui/navigation';
import { useToast } from '../../ui/toast';
import { money } from './format';
import { useItem, usePatchItem } from './useItems';

const CAP = centsToDollars(BID_CAP);
const THANKS_MS = 3000;

/** A typed amount, capped at 1,000,000 and rounded to 2 decimals as the spec asks. */
export function cleanAmount(text: string): number {
  const n = Number(text.replace(/[$,\s]/g, ''));
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.round(Math.min(n, CAP) * 100) / 100;
}

const dollars = (n: number) => formatMoney(Math.round(n * 100));

/** Sends a bid once per attempt: a retry after a dropped connection reuses the key. */
function useSubmit(path: '/submitbid' | '/maxbid') {
  const { eventcode } = useSession();
  const patch = usePatchItem();
  const key = useMemo(() => crypto.randomUUID(), []);
  return async (body: Record<string, unknown>) => {
    const res = await apiPost<SubmitBidResponse>(path, { eventcode, ...body }, { headers: { 'idempotency-key': key } });
    patch(res.item);
    return res;
  };
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

function useBidPage(): { item: AuctionItem | undefined; guard: ReactElement | null } {
  const { id } = useParams();
  const { eventcode, claims, isGuest } = useSession();
  const item = useItem(Number(id)).data;
  if (!claims || isGuest) return { item, guard: <Navigate to={`/${eventcode}`} replace /> };
  return { item, guard: null };
}

/** /place-bid/{id}: a bid, or an automatic bid up to a secret maximum. */
export function PlaceBid() {
  const { item, guard } = useBidPage();
  const { user } = useSession();
  const toast = useToast();
  const submit = useSubmit('/submitbid');
  const [amount, setAmount] = useState('');
  const [auto, setAuto] = useState(false);
  const [max, setMax] = useState('');
  const [increment, setIncrement] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  if (guard) return guard;
  if (!item) return <Page header="back-item" testId="place-bid-page"><Loading /></Page>;
  if (done) return <Page header="back-item" itemId={item.itemid} testId="place-bid-page"><Thanks message={done} itemId={item.itemid} /></Page>;
  const min = item.minimumnextbid;
  const minInc = item.minimumbidincrease > 0 ? item.minimumbidincrease : 1;

  const send = async () => {
    setError('');
    const bid = cleanAmount(amount || String(min));
    if (!auto && bid < min) return setError(`Please adjust the bid amount. The minimum bid for this item is ${dollars(min)}.`);
    const maxbid = cleanAmount(max);
    const inc = cleanAmount(increment || String(minInc));
    if (auto && maxbid < min) return setError(`Maximum bid price must be at least ${dollars(min)}`);
    if (auto && inc < minInc) return setError(`Desired bid increment must be at least ${dollars(minInc)}`);
    setBusy(true);
    try {
      const res = await submit(auto ? { itemid: item.itemid, userid: user?.userid, autobid: true, maxbid, increment: inc } : { itemid: item.itemid, userid: user?.userid, bid });
      if (res.message) toast.info(res.message);
      setDone(res.message ? res.message : 'Thank you for bidding!');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong');
      toast.error(err instanceof Error ? err.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page header="back-item" itemId={item.itemid} testId="place-bid-page">
      <form className="gavel-card" noValidate onSubmit={(e) => { e.preventDefault(); void send(); }}>
        <h1 style={{ marginTop: 0, fontSize: '1.3rem' }}>{item.name}</h1>
        <p>
          {item.numberofbids > 0 ? 'Current bid' : 'Starting bid'} <strong>{money(item.numberofbids > 0 ? item.currentbid : item.startingbid)}</strong> · minimum next bid <strong data-testid="min-bid">{money(min)}</strong>
        </p>
        {!showPlaceBid(item, user?.authorizebidder === true) ? <p className="gavel-error">Bidding is not available on this item.</p> : null}
        {!auto ? <Field label="Your Bid ($)" type="number" inputmode="decimal" value={amount} placeholder={min.toFixed(2)} onChange={setAmount} testId="bid-amount" /> : null}
        {item.allowautobid ? (
          <IonItem lines="none" className="gavel-field">
            <IonCheckbox labelPlacement="end" justify="start" checked={auto} data-testid="auto-bid-toggle" onIonChange={(e) => setAuto(e.detail.checked)}>
              <span style={{ whiteSpace: 'normal' }}>Bid for me automatically up to a maximum</span>
            </IonCheckbox>
          </IonItem>
        ) : null}
        {auto ? (
          <>
            <Field label="Maximum Bid ($)" type="number" inputmode="decimal" value={max} placeholder={min.toFixed(2)} onChange={setMax} testId="max-bid" />
            <Field label="Bid Increment ($)" type="number" inputmode="decimal" value={increment} placeholder={minInc.toFixed(2)} onChange={setIncrement} testId="bid-increment" />
            <p className="gavel-muted">We bid for you only as much as needed to keep you in the lead, up to your maximum.</p>
          </>
        ) : null}
        {error ? <p className="gavel-error" role="alert" data-testid="bid-error">{error}</p> : null}
        <IonButton type="submit" expand="block" size="large" disabled={busy} data-testid="submit-bid">
          {auto ? 'Place Automatic Bid' : 'Place Bid'}
        </IonButton>
      </form>
    </Page>
  );
}

/** /auto-bid/{id}: the leader raises their maximum or changes their increment. */
export function AutoBid() {
  const { item, guard } = useBidPage();
  const { user } = useSession();
  const toast = useToast();
  const submit = useSubmit('/maxbid');
  const [max, setMax] = useState('');
  const [increment, setIncrement] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  if (guard) return guard;
  if (!item) return <Page header="back-item" testId="auto-bid-page"><Loading /></Page>;
  if (done) return <Page header="back-item" itemId={item.itemid} testId="auto-bid-page"><Thanks message={done} itemId={item.itemid} /></Page>;
  const currentMax = item.accountautobidamount;
  const currentInc = item.accountautobidincrement || item.minimumbidincrease || 1;

  const send = async () => {
    setError('');
    const maxbid = cleanAmount(max || String(currentMax));
    const inc = cleanAmount(increment || String(currentInc));
    if (maxbid < currentMax) return setError(`Please adjust the max bid amount. The minimum bid for this item is ${dollars(currentMax)}.`);
    if (inc < currentInc) return setError(`Desired bid increment must be at least ${dollars(currentInc)}`);
    setBusy(true);
    try {
      const res = await submit({ itemid: item.itemid, maxbid, increment: inc });
      if (res.message) toast.info(res.message);
      setDone(res.message ? res.message : 'Congratulations! You are the high bidder.');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page header="back-item" itemId={item.itemid} testId="auto-bid-page">
      <form className="gavel-card" noValidate onSubmit={(e) => { e.preventDefault(); void send(); }}>
        <h1 style={{ marginTop: 0, fontSize: '1.3rem' }}>Update Max Bid</h1>
        <p>
          {item.name}: current bid <strong>{money(item.currentbid)}</strong>, your maximum <strong data-testid="current-max">{money(currentMax)}</strong>
        </p>
        {!showUpdateMaxBid(item, user?.authorizebidder === true) ? <p className="gavel-error">You are not the high bidder on this item.</p> : null}
        <Field label="New Maximum Bid ($)" type="number" inputmode="decimal" value={max} placeholder={currentMax.toFixed(2)} onChange={setMax} testId="max-bid" />
        <Field label="Bid Increment ($)" type="number" inputmode="decimal" value={increment} placeholder={currentInc.toFixed(2)} onChange={setIncrement} testId="bid-increment" />
        {error ? <p className="gavel-error" role="alert" data-testid="bid-error">{error}</p> : null}
        <IonButton type="submit" expand="block" size="large" disabled={busy} data-testid="submit-max-bid">
          Update Max Bid
        </IonButton>
      </form>
    </Page>
  );
}
