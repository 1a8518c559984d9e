import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { type AuditEntryAnswer, formatTimeWithZone } from '@gavel/domain';
import { Layout } from '../Layout';
import { consoleApi } from '../session';
import { FormMessage } from '../ui/fields';
import { changesOf } from './changes';
import './audit.css';

/** The log's query string: the event of the page, the filters chosen, and the page asked for. */
function auditQuery(eventcode: string | undefined, staffid: string, kind: string, before: number) {
  return {
    ...(eventcode ? { eventcode } : {}),
    ...(staffid ? { staffid } : {}),
    ...(kind ? { kind } : {}),
    ...(before ? { before: String(before) } : {}),
  };
}

/**
 * The audit log (staff and owners): every console change, newest first, of the organization
 * (/console/audit) or of one event (/:eventcode/console/audit), filtered by person and kind, each
 * with what it changed, before and after.
 */
export function AuditPage() {
  const { eventcode } = useParams();
  const [staffid, setStaffid] = useState('');
  const [kind, setKind] = useState('');
  const log = useInfiniteQuery({
    queryKey: ['console', 'audit', eventcode ?? '', staffid, kind],
    queryFn: ({ pageParam }) =>
      consoleApi('GET /console/audit', undefined, { query: auditQuery(eventcode, staffid, kind, pageParam) }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.more ?? undefined,
  });
  const first = log.data?.pages[0];
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Layout title={eventcode ? 'Audit log of this event' : 'Audit log'}>
      <div className="console-toolbar audit-filters">
        <div className="console-field">
          <label htmlFor="audit-person">Person</label>
          <select
            id="audit-person"
            value={staffid}
            onChange={(e) => setStaffid(e.target.value)}
            data-testid="audit-person"
          >
            <option value="">Everyone</option>
            {first?.people.map((p) => (
              <option key={p.staffid} value={String(p.staffid)}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="console-field">
          <label htmlFor="audit-kind">Kind of change</label>
          <select id="audit-kind" value={kind} onChange={(e) => setKind(e.target.value)} data-testid="audit-kind">
            <option value="">Every kind</option>
            {first?.kinds.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </div>
      </div>
      {log.isError && <FormMessage message={log.error.message} testId="audit-error" />}
      {log.isPending ? (
        <p className="console-loading" role="status">
          Loading…
        </p>
      ) : entries.length === 0 ? (
        <p className="console-notice" data-testid="audit-empty">
          {staffid || kind ? 'No changes match these filters.' : 'Nothing has been changed through the console yet.'}
        </p>
      ) : (
        <ol className="audit-list" data-testid="audit-list">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} showEvent={!eventcode} />
          ))}
        </ol>
      )}
      {log.hasNextPage && (
        <button
          type="button"
          className="console-button secondary audit-more"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
          data-testid="audit-more"
        >
          {log.isFetchingNextPage ? 'Loading…' : 'Show older changes'}
        </button>
      )}
    </Layout>
  );
}

function Entry({ entry, showEvent }: { entry: AuditEntryAnswer; showEvent: boolean }) {
  const changes = changesOf(entry.before, entry.after);
  return (
    <li className="audit-entry" data-testid="audit-entry" data-kind={entry.kind}>
      <div className="audit-meta">
        <time dateTime={entry.at}>{formatTimeWithZone(entry.at, entry.timezone)}</time>
        <span className="audit-who">{entry.actor}</span>
        <span className="audit-kind">{entry.kind}</span>
        {showEvent && entry.eventcode && <span className="audit-event">Event {entry.eventcode}</span>}
      </div>
      <p className="audit-summary" data-testid="audit-summary">
        {entry.summary}
      </p>
      {changes.length > 0 && (
        <details className="audit-details">
          <summary>{changes.length === 1 ? 'What changed: 1 field' : `What changed: ${changes.length} fields`}</summary>
          <div className="audit-changes-wrap">
            <table className="audit-changes">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {changes.map((c) => (
                  <tr key={c.field}>
                    <th scope="row">{c.field}</th>
                    <td className="audit-before">{c.before}</td>
                    <td className="audit-after">{c.after}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </li>
  );
}
