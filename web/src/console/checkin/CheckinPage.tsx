import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { CheckinBidder, CheckinCounters } from '@gavel/domain';
import { errorMessage } from '../../ui/form';
import { useSettled } from '../bidders/calls';
import { Layout } from '../Layout';
import { useConsoleLive } from '../live';
import { LiveBadge } from '../ui/LiveBadge';
import { QrScanner } from '../ui/QrScanner';
import { cardLinkCall, checkInCall, undoCall, useCheckinDesk, useDeskAction } from './calls';
import { CheckinRow, type RowActions } from './CheckinRow';
import { WalkupForm } from './WalkupForm';
import './checkin.css';

const CardDialog = lazy(async () => ({ default: (await import('./CardDialog')).CardDialog }));

function Counters({ counters }: { counters: CheckinCounters }) {
  return (
    <dl className="checkin-counters" data-testid="checkin-counters">
      <div>
        <dt>Checked in</dt>
        <dd data-testid="count-checkedin">
          {counters.checkedin} <span>of {counters.registered}</span>
        </dd>
      </div>
      <div>
        <dt>With a card</dt>
        <dd data-testid="count-withcard">{counters.withcard}</dd>
      </div>
      <div>
        <dt>Without a card</dt>
        <dd data-testid="count-withoutcard">{counters.withoutcard}</dd>
      </div>
    </dl>
  );
}

/**
 * The check-in desk: counters at the top, a search that finds as you type (name, email, phone,
 * number, or a scanned check-in code or receipt), one Check in per bidder, Undo (asked first), a
 * card at the desk or a link to add it on their phone, and walk-ups. Every desk open on the event
 * follows the others live.
 */
export function CheckinPage() {
  const { eventcode = '' } = useParams();
  const live = useConsoleLive(eventcode, ['checkin']);
  const [search, setSearch] = useState('');
  const q = useSettled(search.trim(), 200);
  const desk = useCheckinDesk(eventcode, q);
  const [notice, setNotice] = useState('');
  const [scanning, setScanning] = useState(false);
  const [walkup, setWalkup] = useState(false);
  const [carding, setCarding] = useState<CheckinBidder | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    searchBox.current?.focus();
  }, []);

  const checkIn = useDeskAction(eventcode, checkInCall(eventcode));
  const undo = useDeskAction(eventcode, undoCall(eventcode));
  const cardLink = useDeskAction(eventcode, cardLinkCall(eventcode));
  const calls = [checkIn, undo, cardLink];
  const failed = calls.find((c) => c.isError)?.error;
  const pending = calls.find((c) => c.isPending)?.variables;
  const done = (message: string) => {
    setNotice(message);
    for (const c of calls) c.reset();
  };
  const actions: Omit<RowActions, 'busy'> = {
    checkIn: (b) =>
      checkIn.mutate(b.bidderid, {
        onSuccess: (answer) => {
          done(answer.message);
          // The next guest: an empty box, ready to type or scan.
          setSearch('');
          searchBox.current?.focus();
        },
      }),
    undo: (b) => undo.mutate(b.bidderid, { onSuccess: (answer) => done(answer.message) }),
    sendCardLink: (b) => cardLink.mutate(b.bidderid, { onSuccess: (answer) => done(answer.message) }),
    addCard: (b) => setCarding(b),
    takescards: desk.data?.cards.takescards ?? false,
    timezone: desk.data?.timezone ?? 'UTC',
  };
  const bidders = desk.data?.bidders ?? [];
  // Enter with one bidder found checks them in: a scanned code (a keyboard scanner types it and Enter) is one step.
  const only = q === search.trim() && bidders.length === 1 ? bidders[0] : undefined;

  return (
    <Layout
      title="Check-in"
      actions={
        <>
          <LiveBadge state={live} />
          <button
            type="button"
            className="console-button secondary checkin-head-button"
            aria-expanded={scanning}
            onClick={() => setScanning(!scanning)}
            data-testid="checkin-scan"
          >
            {scanning ? 'Stop scanning' : 'Scan'}
          </button>
          <button
            type="button"
            className="console-button checkin-head-button"
            aria-expanded={walkup}
            onClick={() => setWalkup(!walkup)}
            data-testid="checkin-walkup"
          >
            Walk-up
          </button>
        </>
      }
    >
      {desk.data && <Counters counters={desk.data.counters} />}
      {walkup && <WalkupForm eventcode={eventcode} onClose={() => setWalkup(false)} />}
      {scanning && (
        <div className="checkin-scanner">
          <QrScanner
            label="Scan the bidder's check-in code or store receipt"
            onCode={(text) => {
              setScanning(false);
              setSearch(text);
              searchBox.current?.focus();
            }}
          />
        </div>
      )}
      <form
        className="checkin-search console-field"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (only && !only.checkedin) actions.checkIn(only);
        }}
      >
        <label htmlFor="checkin-q">Find a bidder</label>
        <input
          id="checkin-q"
          ref={searchBox}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Name, email, phone or number"
          autoComplete="off"
          data-testid="checkin-search"
        />
      </form>
      <p className="console-success checkin-notice" role="status" data-testid="checkin-notice" hidden={!notice}>
        {notice}
      </p>
      {failed && (
        <p className="console-error" role="alert" data-testid="checkin-error">
          {errorMessage(failed)}
        </p>
      )}
      {desk.isError && <p className="console-error">{errorMessage(desk.error)}</p>}
      {desk.isPending && (
        <p className="console-loading" role="status">
          Loading…
        </p>
      )}
      {desk.data?.message && (
        <p className="console-notice" data-testid="checkin-found">
          {desk.data.message}
        </p>
      )}
      {desk.data && (
        <>
          <h2 className="checkin-list-title">{q ? 'Found' : 'Latest check-ins'}</h2>
          {bidders.length === 0 && (
            <p className="console-notice" data-testid="checkin-empty">
              {q ? `No bidder matches “${q}”.` : 'No one is checked in yet. Find a bidder above, or add a walk-up.'}
            </p>
          )}
          <ul className="checkin-list" aria-busy={desk.isFetching}>
            {bidders.map((b) => (
              <CheckinRow key={b.bidderid} bidder={b} actions={{ ...actions, busy: pending === b.bidderid }} />
            ))}
          </ul>
          {desk.data.more && (
            <p className="console-hint" data-testid="checkin-more">
              More bidders match: type more of the name, or the number.
            </p>
          )}
        </>
      )}
      {carding && desk.data && (
        <Suspense fallback={null}>
          <CardDialog
            eventcode={eventcode}
            bidder={carding}
            cards={desk.data.cards}
            onClose={() => setCarding(null)}
            onSaved={(message) => {
              setCarding(null);
              done(message);
            }}
          />
        </Suspense>
      )}
    </Layout>
  );
}
