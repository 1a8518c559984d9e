import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EmailStatementsResponse } from '@gavel/domain';
import { useIdempotencyKey } from '../../api/idempotency';
import { useAction } from '../../ui/action';
import { biddersKey, useSettled } from '../bidders/calls';
import { consoleApi } from '../session';
import { downloadFile } from '../ui/download';
import { DownloadButton } from './DownloadButton';

type Scope = 'event' | 'year';

/** Who an email of statements is for: one bidder, or (no bidderid) everyone who gave. */
interface Audience {
  bidderid?: number;
  name: string;
}

const sendStatements = (
  eventcode: string,
  body: { bidderid?: number; scope: Scope; preview: boolean },
  headers?: Record<string, string>,
) =>
  consoleApi('POST /console/events/:eventcode/printables/statements/email', body, { params: { eventcode }, headers });

/**
 * Emailing statements asks first: the server counts who would get one (a preview writes nothing),
 * the screen says so, and only Send queues the emails.
 */
function EmailStatements({
  eventcode,
  scope,
  audience,
  onDone,
}: {
  eventcode: string;
  scope: Scope;
  audience: Audience;
  onDone: (message: string) => void;
}) {
  const [counted, setCounted] = useState<EmailStatementsResponse | null>(null);
  const ask = useAction(
    () => sendStatements(eventcode, { bidderid: audience.bidderid, scope, preview: true }),
    setCounted,
  );
  // A retry after a lost answer (or a second press) is the same send under the same key: emailed once.
  const idempotency = useIdempotencyKey();
  const send = useAction(
    () => {
      const body = { bidderid: audience.bidderid, scope, preview: false };
      return idempotency.send(body, (headers) => sendStatements(eventcode, body, headers));
    },
    (answer) => {
      setCounted(null);
      onDone(answer.message);
    },
  );
  const testId = audience.bidderid ? `printables-email-${audience.bidderid}` : 'printables-email-all';
  if (!counted)
    return (
      <span className="printables-download">
        <button
          type="button"
          className="console-button secondary"
          disabled={ask.busy}
          onClick={() => ask.run(undefined)}
          data-testid={testId}
        >
          {audience.bidderid ? 'Email statement' : 'Email statements to everyone who gave'}
        </button>
        {ask.error && (
          <span className="console-error" role="alert">
            {ask.error}
          </span>
        )}
      </span>
    );
  return (
    <div
      className="console-warning printables-confirm"
      role="group"
      aria-label="Email statements"
      data-testid="printables-email-confirm"
    >
      <p>
        {counted.message} Each email carries the statement as a PDF{audience.bidderid ? ` (${audience.name})` : ''}.
        Send now?
      </p>
      <div className="console-form-actions">
        <button
          type="button"
          className="console-button"
          disabled={send.busy}
          onClick={() => send.run(undefined)}
          data-testid="printables-email-send"
        >
          {counted.recipients === 1 ? 'Send 1 email' : `Send ${counted.recipients} emails`}
        </button>
        <button type="button" className="console-button secondary" onClick={() => setCounted(null)}>
          Cancel
        </button>
      </div>
      {send.error && (
        <p className="console-error" role="alert">
          {send.error}
        </p>
      )}
    </div>
  );
}

function BidderRow({
  eventcode,
  scope,
  bidder,
  onDone,
}: {
  eventcode: string;
  scope: Scope;
  bidder: { bidderid: number; number: number; name: string };
  onDone: (m: string) => void;
}) {
  const params = { eventcode, bidderid: bidder.bidderid };
  return (
    <li className="printables-bidder" data-testid={`printables-bidder-${bidder.bidderid}`}>
      <span className="printables-bidder-name">
        <strong>{bidder.number}</strong> {bidder.name}
      </span>
      <span className="printables-bidder-actions">
        <DownloadButton
          label="Receipt"
          secondary
          testId={`printables-receipt-${bidder.bidderid}`}
          save={() =>
            downloadFile('GET /console/events/:eventcode/bidders/:bidderid/receipt.pdf', {
              params,
              fallback: 'receipt.pdf',
            })
          }
        />
        <DownloadButton
          label="Statement"
          secondary
          testId={`printables-statement-${bidder.bidderid}`}
          save={() =>
            downloadFile('GET /console/events/:eventcode/bidders/:bidderid/statement.pdf', {
              params,
              query: { scope },
              fallback: 'statement.pdf',
            })
          }
        />
        <EmailStatements
          eventcode={eventcode}
          scope={scope}
          audience={{ bidderid: bidder.bidderid, name: bidder.name }}
          onDone={onDone}
        />
      </span>
    </li>
  );
}

/** Receipts and statements: every giver's at once (a PDF, or by email), or one bidder's, found by name or number. */
export function StatementsSection({ eventcode }: { eventcode: string }) {
  const [scope, setScope] = useState<Scope>('event');
  const [search, setSearch] = useState('');
  const [notice, setNotice] = useState('');
  const q = useSettled(search.trim());
  const found = useQuery({
    queryKey: [...biddersKey(eventcode), q],
    queryFn: () =>
      consoleApi('GET /console/events/:eventcode/bidders', undefined, { params: { eventcode }, query: { q } }),
    placeholderData: keepPreviousData,
    enabled: q !== '',
  });
  const bidders = q ? (found.data?.bidders ?? []).slice(0, 10) : [];
  return (
    <section className="printables-card printables-statements" aria-labelledby="printables-statements">
      <h2 id="printables-statements">Receipts and statements</h2>
      <p>
        What each bidder paid, the value of what they received and the part they may deduct, with the statement the tax
        rules ask for. A statement covers this event or the whole calendar year.
      </p>
      <div className="console-field">
        <label htmlFor="printables-scope">Statements cover</label>
        <select
          id="printables-scope"
          value={scope}
          onChange={(e) => setScope(e.target.value === 'year' ? 'year' : 'event')}
          data-testid="printables-scope"
        >
          <option value="event">This event</option>
          <option value="year">The calendar year</option>
        </select>
      </div>
      <p className="console-success" role="status" data-testid="printables-notice" hidden={!notice}>
        {notice}
      </p>
      <div className="console-toolbar printables-all">
        <DownloadButton
          label="Download all statements"
          testId="printables-statements-all"
          save={() =>
            downloadFile('GET /console/events/:eventcode/printables/statements.pdf', {
              params: { eventcode },
              query: { scope },
              fallback: 'statements.pdf',
            })
          }
        />
        <EmailStatements key={scope} eventcode={eventcode} scope={scope} audience={{ name: '' }} onDone={setNotice} />
      </div>
      <div className="console-field">
        <label htmlFor="printables-q">Find a bidder</label>
        <input
          id="printables-q"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Name, email, phone or number"
          data-testid="printables-search"
        />
      </div>
      {q && found.data && bidders.length === 0 && <p className="console-notice">No bidder matches.</p>}
      {bidders.length > 0 && (
        <ul className="printables-bidders">
          {bidders.map((b) => (
            <BidderRow
              key={`${b.bidderid}-${scope}`}
              eventcode={eventcode}
              scope={scope}
              bidder={{
                bidderid: b.bidderid,
                number: b.bidderdisplaynumber,
                name: `${b.firstname} ${b.lastname}`.trim() || b.email,
              }}
              onDone={setNotice}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
