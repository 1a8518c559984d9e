import { type ComponentType, useState } from 'react';
import { IonButton, IonItem } from '@ionic/react';
import { IonCheckbox } from '../../ui/ionicControls';
import { Navigate, useParams } from 'react-router-dom';
import { useWatch } from 'react-hook-form';
import type { AuctionItem, BidMode, Cents, PlaceBidValues, SubmitBidResponse } from '@gavel/domain';
import {
  amountInput,
  defaultIncrement,
  formatMoney,
  maxBidSchema,
  placeBidSchema,
  quickBids,
  whyNoBid,
  yourMaximum,
} from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';
import { Page } from '../../ui/Page';
import { FormCard } from '../../ui/formParts';
import { FormField, useApiForm } from '../../ui/form';
import { Loading } from '../../ui/Loading';
import { isMissing, isUnreachable, itemIdOf, useItem } from '../../queries/items';
import { ItemNotFound } from './ItemNotFound';
import { LoadFailed } from './LoadFailed';
import { useSubmitBid } from './bidSubmit';
import { BidResult, ConfirmBid, useConfirmStep } from './BidConfirm';
import { NeedsConnection } from './NeedsConnection';
import { useOnline } from '../../ui/useOnline';

interface Outcome {
  outbid: boolean;
  title: string;
  detail: string;
}

interface BidFormProps {
  item: AuctionItem;
  onDone: (outcome: Outcome) => void;
  /** No network: the form stays as typed, but nothing can be confirmed (NeedsConnection says why). */
  offline: boolean;
}

/** The answer to a bid as the result panel tells it: thanks, or outbid by a higher maximum. */
function outcomeOf(res: SubmitBidResponse, thanks: string, detail: string): Outcome {
  if (res.message)
    return { outbid: true, title: res.message, detail: `The current bid is ${formatMoney(res.item.currentbid)}.` };
  return { outbid: false, title: thanks, detail };
}

/** What a placed bid left standing: the lead (with the bidder's maximum, for an automatic bid), or the price. */
function placedDetail({ item }: SubmitBidResponse): string {
  if (!item.currentlywinningbid) return `The current bid is ${formatMoney(item.currentbid)}.`;
  const maximum = yourMaximum(item);
  return `You are the high bidder at ${formatMoney(item.currentbid)}.${maximum ? ` ${maximum}.` : ''}`;
}

function ItemSummary({ item }: { item: AuctionItem }) {
  const hasBids = item.numberofbids > 0;
  return (
    <>
      <h1 className="gavel-form-title">{item.name}</h1>
      <div className="gavel-price-box">
        <div>
          <div className="gavel-label">{hasBids ? 'Current Bid' : 'Starting Bid'}</div>
          <div className="big">{formatMoney(hasBids ? item.currentbid : item.startingbid)}</div>
        </div>
        <div>
          <div className="gavel-label">Minimum Next Bid</div>
          <div className="big" data-testid="min-bid">
            {formatMoney(item.minimumnextbid)}
          </div>
        </div>
      </div>
    </>
  );
}

/** A bid, or an automatic bid up to a secret maximum; quick bids skip the typing. Every bid is confirmed first. */
function PlaceBidForm({ item, onDone, offline }: BidFormProps) {
  const { eventcode, user } = useSession();
  const submit = useSubmitBid();
  const { ask, step } = useConfirmStep(
    'bid',
    (request: PlaceBidValues) => submit.bid({ eventcode, itemid: item.itemid, userid: user?.userid, ...request }),
    (res) => onDone(outcomeOf(res, 'Thank you for bidding!', placedDetail(res))),
  );
  const bidForm = useApiForm({
    schema: placeBidSchema(item),
    defaultValues: { amount: '', auto: false, max: '', increment: '' },
    // Checking the typed amounts leads to the confirmation; nothing is sent yet.
    submit: async (checked) => checked,
    onSuccess: ask,
  });
  const form = bidForm.form;
  const auto = useWatch({ control: form.control, name: 'auto' });

  if (step) {
    const { request } = step;
    return request.autobid ? (
      <ConfirmBid
        {...step}
        offline={offline}
        verb="Bid up to"
        amount={request.maxbid}
        itemName={item.name}
        details={[
          `We bid for you from ${formatMoney(item.minimumnextbid)}, ${formatMoney(request.increment)} at a time, only as much as needed to keep you in the lead.`,
        ]}
        confirmText="Confirm Automatic Bid"
      />
    ) : (
      <ConfirmBid
        {...step}
        offline={offline}
        verb="Bid"
        amount={request.bid}
        itemName={item.name}
        confirmText="Confirm Bid"
      />
    );
  }

  const quick = (bid: Cents) => ask({ request: { autobid: false, bid }, corrections: [] });
  return (
    <FormCard
      of={offline ? { ...bidForm, busy: true } : bidForm}
      button={auto ? 'Place Automatic Bid' : 'Place Bid'}
      buttonTestId="submit-bid"
      errorTestId="bid-error"
    >
      <ItemSummary item={item} />
      {!auto ? (
        <>
          <div className="gavel-label" style={{ marginTop: 16 }}>
            Quick bid
          </div>
          <div className="gavel-quick-bids" role="group" aria-label="Quick bids">
            {quickBids(item.minimumnextbid, item.minimumbidincrease).map((c) => (
              <IonButton
                key={c}
                fill="outline"
                disabled={offline}
                data-testid="quick-bid"
                data-amount={c}
                onClick={() => quick(c)}
              >
                {formatMoney(c)}
              </IonButton>
            ))}
          </div>
          <FormField
            form={form}
            name="amount"
            label="Or your own bid ($)"
            type="number"
            inputMode="decimal"
            placeholder={`${amountInput(item.minimumnextbid)} or more`}
            testId="bid-amount"
          />
        </>
      ) : null}
      {item.allowautobid ? (
        <IonItem lines="none" className="gavel-field">
          <IonCheckbox
            labelPlacement="end"
            justify="start"
            checked={auto}
            data-testid="auto-bid-toggle"
            onIonChange={(e) => form.setValue('auto', e.detail.checked)}
          >
            <span style={{ whiteSpace: 'normal' }}>Bid for me automatically up to a maximum</span>
          </IonCheckbox>
        </IonItem>
      ) : null}
      {auto ? (
        <>
          <FormField
            form={form}
            name="max"
            label="Maximum Bid ($)"
            type="number"
            inputMode="decimal"
            placeholder={`${amountInput(item.minimumnextbid)} or more`}
            testId="max-bid"
          />
          <FormField
            form={form}
            name="increment"
            label="Bid Increment ($)"
            type="number"
            inputMode="decimal"
            placeholder={amountInput(defaultIncrement(item.minimumbidincrease))}
            testId="bid-increment"
          />
          <p className="gavel-muted">
            We bid for you only as much as needed to keep you in the lead, up to your maximum.
          </p>
        </>
      ) : null}
    </FormCard>
  );
}

/** The leader raises their maximum or changes their increment, and confirms it. */
function MaxBidForm({ item, onDone, offline }: BidFormProps) {
  const { eventcode } = useSession();
  const submit = useSubmitBid();
  const currentMax = item.accountautobidamount;
  const currentIncrement = item.accountautobidincrement || defaultIncrement(item.minimumbidincrease);
  const { ask, step } = useConfirmStep(
    'maximum',
    (request: { maxbid: Cents; increment: Cents }) => submit.maximum({ eventcode, itemid: item.itemid, ...request }),
    (res) =>
      onDone(
        outcomeOf(
          res,
          'Congratulations! You are the high bidder.',
          `Your maximum is ${formatMoney(res.item.accountautobidamount)}; the current bid is ${formatMoney(res.item.currentbid)}.`,
        ),
      ),
  );
  const bidForm = useApiForm({
    schema: maxBidSchema(item),
    defaultValues: { max: '', increment: '' },
    submit: async (checked) => checked,
    onSuccess: ask,
  });
  if (step) {
    const { request } = step;
    return (
      <ConfirmBid
        {...step}
        offline={offline}
        verb={request.maxbid === currentMax ? 'Keep your maximum at' : 'Raise your maximum to'}
        amount={request.maxbid}
        itemName={item.name}
        details={[`Bid increment ${formatMoney(request.increment)}.`]}
        confirmText="Confirm Max Bid"
      />
    );
  }
  return (
    <FormCard
      of={offline ? { ...bidForm, busy: true } : bidForm}
      button="Update Max Bid"
      buttonTestId="submit-max-bid"
      errorTestId="bid-error"
    >
      <h1 className="gavel-form-title">Update Max Bid</h1>
      <div className="gavel-price-box">
        <div>
          <div className="gavel-label">Current Bid</div>
          <div className="big">{formatMoney(item.currentbid)}</div>
        </div>
        <div>
          <div className="gavel-label">Your Maximum</div>
          <div className="big" data-testid="current-max">
            {formatMoney(currentMax)}
          </div>
        </div>
      </div>
      <p className="gavel-muted">{item.name}</p>
      <FormField
        form={bidForm.form}
        name="max"
        label="New Maximum Bid ($)"
        type="number"
        inputMode="decimal"
        placeholder={amountInput(currentMax)}
        testId="max-bid"
      />
      <FormField
        form={bidForm.form}
        name="increment"
        label="Bid Increment ($)"
        type="number"
        inputMode="decimal"
        placeholder={amountInput(currentIncrement)}
        testId="bid-increment"
      />
    </FormCard>
  );
}

/** Why no bid can be taken here, with the way back (or to the form that can take one). */
function NoBid({
  reason,
  item,
  mode,
  authorized,
}: {
  reason: string;
  item: AuctionItem;
  mode: BidMode;
  authorized: boolean;
}) {
  const { eventcode } = useSession();
  const other = authorized && whyNoBid(item, true, mode === 'bid' ? 'max' : 'bid') === null;
  return (
    <section className="gavel-card gavel-result" data-testid="no-bid">
      <h1 className="gavel-result-title">{item.name}</h1>
      <p className="gavel-result-detail" data-testid="no-bid-reason">
        {reason}
      </p>
      <div className="gavel-actions">
        {other ? (
          <IonButton
            expand="block"
            size="large"
            routerLink={`/${eventcode}/${mode === 'bid' ? 'auto-bid' : 'place-bid'}/${item.itemid}`}
            data-testid="no-bid-other"
          >
            {mode === 'bid' ? 'Update Max Bid' : 'Place Bid'}
          </IonButton>
        ) : null}
        <IonButton
          expand="block"
          fill={other ? 'outline' : 'solid'}
          routerLink={`/${eventcode}/auction-items/${item.itemid}`}
          routerDirection="back"
          data-testid="no-bid-back"
        >
          Back to Item
        </IonButton>
      </div>
    </section>
  );
}

/** The bid pages' frame: only signed-in bidders; why not when no bid can be taken; the result once done. */
function BidPage({ testId, mode, Form }: { testId: string; mode: BidMode; Form: ComponentType<BidFormProps> }) {
  const itemId = itemIdOf(useParams().id);
  const { eventcode, claims, isGuest, user, loading } = useSession();
  const item = useItem(itemId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [round, setRound] = useState(0);
  const online = useOnline();
  if (!claims || isGuest) return <Navigate to={`/${eventcode}`} replace />;
  const data = item.data;
  const body = (() => {
    if (!data) {
      if (isMissing(itemId, item)) return <ItemNotFound />;
      if (isUnreachable(item))
        return (
          <LoadFailed
            what="this item"
            busy={item.fetchStatus === 'fetching'}
            onRetry={() => void item.refetch()}
            testId="item-failed"
          />
        );
      return <Loading />;
    }
    if (outcome)
      return (
        <BidResult
          {...outcome}
          itemId={data.itemid}
          onBidAgain={() => {
            setOutcome(null);
            setRound(round + 1);
          }}
        />
      );
    // Opened offline, the bidder's profile may not be had; the page then says only why it cannot bid.
    if (loading || !user) return online ? <Loading /> : null;
    const reason = whyNoBid(data, user.authorizebidder, mode);
    if (reason) return <NoBid reason={reason} item={data} mode={mode} authorized={user.authorizebidder} />;
    return <Form key={round} item={data} onDone={setOutcome} offline={!online} />;
  })();
  return (
    <Page header="back-item" itemId={itemId} testId={testId}>
      {online || outcome ? null : <NeedsConnection what={mode === 'bid' ? 'bid' : 'maximum'} />}
      {body}
    </Page>
  );
}

/** /place-bid/{id} and /auto-bid/{id}. */
export const PlaceBid = () => <BidPage testId="place-bid-page" mode="bid" Form={PlaceBidForm} />;
export const AutoBid = () => <BidPage testId="auto-bid-page" mode="max" Form={MaxBidForm} />;
