import { useMemo, useState } from 'react';
import { IonIcon, IonRefresher, IonRefresherContent } from '../../ui/ionicLazy';
import { funnelOutline, gridOutline, listOutline, refreshOutline } from 'ionicons/icons';
import { Navigate } from 'react-router-dom';
import { applyCatalogQuery, availableFilters, type FilterOption, SORTS, type SortOption, tagsOf } from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';
import { Page } from '../../ui/Page';
import { Loading } from '../../ui/Loading';
import { EventBanners } from '../../ui/EventBanners';
import { useServerNow } from '../../ui/HeaderCountdown';
import { useEvent } from '../../queries/event';
import { ItemList } from './ItemList';
import { useItems } from '../../queries/items';

const LAYOUT_KEY = 'gavel.itemlayout';
const PULL_WAIT_MS = 1000;

function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** A row of on/off chips, for the filters and the tags. */
function Chips<T extends string>({
  options,
  chosen,
  onChange,
  testPrefix,
}: {
  options: readonly T[];
  chosen: T[];
  onChange: (next: T[]) => void;
  testPrefix: string;
}) {
  return (
    <div className="gavel-chips">
      {options.map((o) => (
        <button
          key={o}
          type="button"
          className="gavel-chip"
          aria-pressed={chosen.includes(o)}
          data-testid={`${testPrefix}-${o}`}
          onClick={() => onChange(toggle(chosen, o))}
        >
          {o}
        </button>
      ))}
    </div>
  );
}

/** The catalog: search, filters, tags and sorts over the event's items, as cards or a list. */
export function AuctionItems() {
  const { eventcode, claims, isGuest } = useSession();
  const items = useItems();
  const event = useEvent().data;
  const now = useServerNow();
  const [layout, setLayout] = useState<'card' | 'list'>(() =>
    localStorage.getItem(LAYOUT_KEY) === 'list' ? 'list' : 'card',
  );
  const [search, setSearch] = useState('');
  const [panel, setPanel] = useState(false);
  const [filters, setFilters] = useState<FilterOption[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [sort, setSort] = useState<SortOption>('Featured Items');
  const all = useMemo(() => items.data ?? [], [items.data]);
  const shown = useMemo(
    () => applyCatalogQuery(all, { search, filters, tags, sort }),
    [all, search, filters, tags, sort],
  );

  if (!claims) return <Navigate to={`/${eventcode}`} replace />;

  const switchLayout = () => {
    const next = layout === 'card' ? 'list' : 'card';
    localStorage.setItem(LAYOUT_KEY, next);
    setLayout(next);
  };
  const active = filters.length + tags.length;
  // Offline the first fetch waits (paused) for the connection: that is a failure to fetch, not a load.
  const waiting = items.fetchStatus === 'paused' && !items.data;

  // No footer until the items come, so their arrival does not push it down the screen (a layout shift).
  return (
    <Page header="main" testId="items-page" footer={!items.isPending}>
      <IonRefresher
        slot="fixed"
        onIonRefresh={async (e) => {
          await Promise.all([items.refetch(), new Promise((r) => setTimeout(r, PULL_WAIT_MS))]);
          e.detail.complete();
        }}
      >
        <IonRefresherContent />
      </IonRefresher>
      <div className="gavel-catalog">
        {event ? <EventBanners flag={event.eventflag} /> : null}
        <div className="gavel-toolbar-row">
          <input
            className="gavel-search"
            type="search"
            placeholder="Search items"
            aria-label="Search items by name"
            value={search}
            data-testid="item-search"
            onChange={(e) => setSearch(e.target.value)}
          />
          <button
            type="button"
            className="gavel-icon-button"
            aria-label={layout === 'card' ? 'Show as list' : 'Show as cards'}
            data-testid="layout-toggle"
            onClick={switchLayout}
          >
            <IonIcon icon={layout === 'card' ? listOutline : gridOutline} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="gavel-icon-button"
            aria-label="Filter and sort"
            aria-expanded={panel}
            data-testid="filter-toggle"
            onClick={() => setPanel(!panel)}
          >
            <IonIcon icon={funnelOutline} aria-hidden="true" />
            {active > 0 ? ` ${active}` : ''}
          </button>
          <button
            type="button"
            className="gavel-icon-button"
            aria-label="Reload items"
            data-testid="reload"
            onClick={() => void items.refetch()}
          >
            <IonIcon icon={refreshOutline} aria-hidden="true" />
          </button>
        </div>
        {panel ? (
          <section className="gavel-card" data-testid="filter-panel">
            <label className="gavel-select">
              <span>Sort by</span>
              <select value={sort} data-testid="sort-select" onChange={(e) => setSort(e.target.value as SortOption)}>
                {SORTS.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <strong>Filters</strong>
            <Chips
              options={availableFilters(all, isGuest)}
              chosen={filters}
              onChange={setFilters}
              testPrefix="filter"
            />
            {tagsOf(all).length > 0 ? <strong>Tags</strong> : null}
            <Chips options={tagsOf(all)} chosen={tags} onChange={setTags} testPrefix="tag" />
          </section>
        ) : null}
        {items.isPending && !waiting ? <Loading label="Loading items…" /> : null}
        {(items.isError || waiting) && !items.data ? (
          <div className="gavel-card gavel-center" role="alert" data-testid="items-error">
            <p style={{ marginTop: 0 }}>Sorry, we are unable to fetch auction items at the moment.</p>
            <button
              type="button"
              className="gavel-retry"
              disabled={items.fetchStatus === 'fetching'}
              data-testid="items-retry"
              onClick={() => void items.refetch()}
            >
              <IonIcon icon={refreshOutline} aria-hidden="true" />
              Try again
            </button>
          </div>
        ) : null}
        {items.data && shown.length === 0 ? (
          <p className="gavel-card gavel-center" data-testid="no-results">
            No Results Found
          </p>
        ) : null}
        <ItemList items={shown} layout={layout} now={now} />
      </div>
    </Page>
  );
}
