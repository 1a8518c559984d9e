import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../../ui/form';
import { Layout } from '../Layout';
import { consoleApi, useCan } from '../session';
import { AddBidderForm } from './AddBidderForm';
import { BiddersTable } from './BiddersTable';
import { biddersKey, useSettled } from './calls';
import './bidders.css';

/**
 * The event's bidders: search by name, email, phone or number; staff add a bidder who has no
 * phone, stop or allow bidding, give another number and send a sign-in link. Volunteers read it.
 */
export function BiddersPage() {
  const { eventcode = '' } = useParams();
  const canEdit = useCan('staff');
  const [search, setSearch] = useState('');
  const q = useSettled(search.trim());
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState('');
  const list = useQuery({
    queryKey: [...biddersKey(eventcode), q],
    queryFn: () =>
      consoleApi('GET /console/events/:eventcode/bidders', undefined, { params: { eventcode }, query: { q } }),
    placeholderData: keepPreviousData,
  });
  const bidders = list.data?.bidders;

  return (
    <Layout
      title="Bidders"
      actions={
        canEdit && !adding ? (
          <button
            type="button"
            className="console-button"
            onClick={() => {
              setAdding(true);
              setNotice('');
            }}
            data-testid="bidders-add"
          >
            Add bidder
          </button>
        ) : undefined
      }
    >
      {adding && (
        <AddBidderForm
          eventcode={eventcode}
          nextnumber={list.data?.nextnumber}
          onAdded={(message) => {
            setAdding(false);
            setNotice(message);
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      <p className="console-success bidders-notice" role="status" data-testid="bidders-notice" hidden={!notice}>
        {notice}
      </p>
      <div className="console-toolbar bidders-toolbar">
        <div className="console-field bidders-search">
          <label htmlFor="bidders-q">Search</label>
          <input
            id="bidders-q"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Name, email, phone or number"
            data-testid="bidders-search"
          />
        </div>
        {bidders && (
          <p className="bidders-count" data-testid="bidders-count">
            {bidders.length === 1 ? '1 bidder' : `${bidders.length} bidders`}
            {q ? ' found' : ''}
          </p>
        )}
      </div>
      {list.isError && <p className="console-error">{errorMessage(list.error)}</p>}
      {list.isPending && (
        <p className="console-loading" role="status">
          Loading…
        </p>
      )}
      {bidders && <BiddersTable eventcode={eventcode} bidders={bidders} canEdit={canEdit} onNotice={setNotice} />}
    </Layout>
  );
}
