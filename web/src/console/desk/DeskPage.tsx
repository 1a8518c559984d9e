import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import {
  type DeskBidder,
  type DeskPayment,
  type DeskPaymentResponse,
  formatMoney,
  type RefundResponse,
} from '@gavel/domain';
import { useSettled } from '../bidders/calls';
import { Layout } from '../Layout';
import { nightKey, useConsoleLive } from '../live';
import { useCan } from '../session';
import { LiveBadge } from '../ui/LiveBadge';
import { QrScanner } from '../ui/QrScanner';
import { BalanceView } from './BalanceView';
import { useBalance, useDeskLookup } from './calls';
import { PaymentForm } from './PaymentForm';
import { ReceiptView } from './ReceiptView';
import { RefundForm } from './RefundForm';
import { HoldLine } from './HoldLine';
import { StoreInvoices } from './StoreInvoices';
import './desk.css';

function Found({ bidders, onPick }: { bidders: DeskBidder[]; onPick: (b: DeskBidder) => void }) {
  return (
    <ul className="desk-found" data-testid="desk-found">
      {bidders.map((b) => (
        <li key={b.bidderid}>
          <button type="button" className="desk-found-button" onClick={() => onPick(b)} data-testid="desk-found-bidder">
            <span className="desk-number">{b.biddernumber}</span>
            <span className="desk-found-name">
              {b.firstname} {b.lastname}
              <small>{b.cardonfile ? b.card : 'No card on file'}</small>
            </span>
            <span className={`desk-found-due${b.due > 0 ? '' : ' paid'}`}>
              {b.due > 0 ? `${formatMoney(b.due)} due` : b.inprogress ? 'Being paid' : 'Paid'}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** After a payment: what happened, the receipt to print, and the next bidder. */
function Outcome({ paid, onPrint, onNext }: { paid: DeskPaymentResponse; onPrint: () => void; onNext: () => void }) {
  const tone = paid.result === 'paid' ? 'console-success' : 'console-warning';
  const title =
    paid.result === 'paid'
      ? paid.due > 0
        ? 'Part paid'
        : 'Paid'
      : paid.result === 'alreadypaid'
        ? 'Already paid'
        : paid.result === 'pending'
          ? 'Being processed'
          : 'Not paid';
  return (
    <div className={`${tone} desk-outcome`} role="status" data-testid="desk-outcome">
      <p className="desk-outcome-title" data-testid="desk-outcome-title">
        {title}
      </p>
      <p>{paid.message}</p>
      <div className="console-form-actions">
        <button type="button" className="console-button desk-big" onClick={onPrint} data-testid="desk-print">
          Print receipt
        </button>
        <button type="button" className="console-button secondary desk-big" onClick={onNext} data-testid="desk-next">
          Next bidder
        </button>
      </div>
    </div>
  );
}

/**
 * The checkout desk: look a bidder up (number, name, email, or their check-in code scanned), read
 * their balance, take a payment (card on file, a new card, cash, check; all or part; a partner's
 * balance with it), and print the receipt. Live: a payment at another desk or on the bidder's
 * phone shows at once.
 */
export function DeskPage() {
  const { eventcode = '' } = useParams();
  const live = useConsoleLive(eventcode, ['desk']);
  const [search, setSearch] = useState('');
  const q = useSettled(search.trim(), 200);
  const found = useDeskLookup(eventcode, q);
  const [scanning, setScanning] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const [paid, setPaid] = useState<DeskPaymentResponse | null>(null);
  const [printing, setPrinting] = useState(false);
  const [givingBack, setGivingBack] = useState<DeskPayment | null>(null);
  const [given, setGiven] = useState<RefundResponse | null>(null);
  const owner = useCan('owner');
  const staff = useCan('staff');
  const [heldNote, setHeldNote] = useState('');
  const balance = useBalance(eventcode, chosen);
  const searchBox = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  useEffect(() => {
    searchBox.current?.focus();
  }, []);
  // The balance paid is shown at once, without waiting for the hub's word.
  const onPaid = (answer: DeskPaymentResponse) => {
    setPaid(answer);
    void client.invalidateQueries({ queryKey: nightKey(eventcode, 'desk') });
  };

  const onGiven = (answer: RefundResponse) => {
    setGivingBack(null);
    setGiven(answer);
    void client.invalidateQueries({ queryKey: nightKey(eventcode, 'desk') });
  };
  const pick = (b: DeskBidder) => {
    setChosen(b.bidderid);
    setPaid(null);
    setPrinting(false);
    setGivingBack(null);
    setGiven(null);
    setHeldNote('');
  };
  const next = () => {
    setHeldNote('');
    setChosen(null);
    setPaid(null);
    setPrinting(false);
    setGivingBack(null);
    setGiven(null);
    setSearch('');
    searchBox.current?.focus();
  };
  const bidders = found.data?.bidders ?? [];
  const only = q === search.trim() && bidders.length === 1 ? bidders[0] : undefined;

  if (printing && chosen !== null)
    return (
      <Layout title="Receipt">
        <ReceiptView eventcode={eventcode} bidderid={chosen} onClose={() => setPrinting(false)} />
      </Layout>
    );

  return (
    <Layout
      title="Checkout desk"
      actions={
        <>
          <LiveBadge state={live} />
          <button
            type="button"
            className="console-button secondary"
            aria-expanded={scanning}
            onClick={() => setScanning(!scanning)}
            data-testid="desk-scan"
          >
            {scanning ? 'Stop scanning' : 'Scan'}
          </button>
        </>
      }
    >
      {scanning && (
        <QrScanner
          label="Scan the bidder's check-in code"
          onCode={(text) => {
            setScanning(false);
            setSearch(text);
            searchBox.current?.focus();
          }}
        />
      )}
      <form
        className="desk-search console-field"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (only) pick(only);
        }}
      >
        <label htmlFor="desk-search">Bidder number, name or email</label>
        <input
          id="desk-search"
          ref={searchBox}
          type="search"
          autoComplete="off"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="desk-search"
        />
      </form>
      {found.data?.message && <p className="console-notice">{found.data.message}</p>}
      {chosen === null && bidders.length > 0 && <Found bidders={bidders} onPick={pick} />}
      {chosen === null && <StoreInvoices eventcode={eventcode} />}
      {chosen !== null && (
        <div className="desk-panels">
          {balance.isPending && <p className="console-loading">Loading the balance…</p>}
          {balance.isError && (
            <p className="console-error" role="alert">
              {balance.error.message}
            </p>
          )}
          {balance.data && (
            <BalanceView
              balance={balance.data}
              hold={
                staff && !paid && chosen !== null
                  ? (line) => (
                      <HoldLine
                        eventcode={eventcode}
                        bidderid={chosen}
                        line={line}
                        onDone={(message) => {
                          setHeldNote(message);
                          void client.invalidateQueries({ queryKey: nightKey(eventcode, 'desk') });
                        }}
                      />
                    )
                  : undefined
              }
              onGiveBack={
                owner && !paid
                  ? (p) => {
                      setGiven(null);
                      setGivingBack(p);
                    }
                  : undefined
              }
            />
          )}
          <div className="desk-side">
            {heldNote && (
              <p className="console-notice" role="status" data-testid="desk-held-note">
                {heldNote}
              </p>
            )}
            {given && (
              <div className="console-success desk-outcome" role="status" data-testid="desk-given">
                <p className="desk-outcome-title">{given.result === 'pending' ? 'Being processed' : 'Given back'}</p>
                <p>{given.message}</p>
              </div>
            )}
            {givingBack && chosen !== null && (
              <RefundForm
                key={`${givingBack.source}-${givingBack.id}`}
                eventcode={eventcode}
                bidderid={chosen}
                payment={givingBack}
                onDone={onGiven}
                onCancel={() => setGivingBack(null)}
              />
            )}
            {paid && <Outcome paid={paid} onPrint={() => setPrinting(true)} onNext={next} />}
            {!paid && !givingBack && balance.data && balance.data.due > 0 && !balance.data.inprogress && (
              <PaymentForm key={chosen} eventcode={eventcode} balance={balance.data} onPaid={onPaid} />
            )}
            {!paid && !givingBack && balance.data && balance.data.due <= 0 && (
              <div className="console-success desk-outcome" data-testid="desk-nothing-due">
                <p className="desk-outcome-title">Nothing due</p>
                <div className="console-form-actions">
                  <button
                    type="button"
                    className="console-button desk-big"
                    onClick={() => setPrinting(true)}
                    data-testid="desk-print"
                  >
                    Print receipt
                  </button>
                  <button
                    type="button"
                    className="console-button secondary desk-big"
                    onClick={next}
                    data-testid="desk-next"
                  >
                    Next bidder
                  </button>
                </div>
              </div>
            )}
            {!paid && (
              <button type="button" className="console-link-button" onClick={next} data-testid="desk-back">
                Look up another bidder
              </button>
            )}
          </div>
        </div>
      )}
    </Layout>
  );
}
