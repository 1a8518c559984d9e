import { useState } from 'react';
import type { ConsoleEventSummary } from '@gavel/domain';
import { Layout } from '../Layout';
import { useCan } from '../session';
import { EventCard } from './EventCard';
import { copyDefaults, newEventDefaults, type NewEventValues } from './eventForm';
import { NewEventForm } from './NewEventForm';
import { useConsoleEvents } from './queries';
import { browserZone } from './zones';
import { QueryState } from './parts';
import './events.css';

type Editing = { kind: 'new' } | { kind: 'copy'; source: ConsoleEventSummary } | null;

/** The organization's events: the current ones (archived on demand), a new event, a copy, archive. */
export function EventsPage() {
  const staff = useCan('staff');
  const { data, error, isPending } = useConsoleEvents();
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const all = data?.events ?? [];
  const shown = all.filter((e) => showArchived || !e.archived);
  const archivedCount = all.filter((e) => e.archived).length;
  const defaults: NewEventValues | null =
    editing?.kind === 'copy'
      ? copyDefaults(editing.source)
      : editing?.kind === 'new'
        ? newEventDefaults(new Date(), browserZone())
        : null;
  return (
    <Layout
      title="Events"
      actions={
        staff && (
          <button
            type="button"
            className="console-button"
            onClick={() => setEditing({ kind: 'new' })}
            data-testid="event-new"
          >
            New event
          </button>
        )
      }
    >
      {editing && defaults && (
        <NewEventForm
          key={editing.kind === 'copy' ? `copy-${editing.source.eventcode}` : 'new'}
          defaults={defaults}
          copyName={editing.kind === 'copy' ? editing.source.eventname : undefined}
          onCancel={() => setEditing(null)}
        />
      )}
      {archivedCount > 0 && (
        <div className="console-toolbar">
          <span className="console-check">
            <input
              id="events-archived"
              type="checkbox"
              checked={showArchived}
              onChange={(e) => setShowArchived(e.target.checked)}
              data-testid="events-show-archived"
            />
            <label htmlFor="events-archived">Show archived events ({archivedCount})</label>
          </span>
        </div>
      )}
      <QueryState pending={isPending} error={error} />
      {data && shown.length === 0 && (
        <p className="console-notice" data-testid="events-empty">
          {all.length === 0 ? 'No events yet.' : 'No current events: every event is archived.'}
          {staff && all.length === 0 ? ' Create the first one with New event.' : ''}
        </p>
      )}
      <ul className="events-list" data-testid="events-list">
        {shown.map((e) => (
          <EventCard key={e.eventcode} event={e} onCopy={(source) => setEditing({ kind: 'copy', source })} />
        ))}
      </ul>
    </Layout>
  );
}
