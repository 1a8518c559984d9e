import { useState } from 'react';
import { NavLink, Navigate, Route, Routes, useParams, useSearchParams } from 'react-router-dom';
import { useAction } from '../../ui/action';
import { Layout } from '../Layout';
import { eventPath } from '../nav';
import { useEventTitle } from '../events/title';
import { downloadCsv, REPORTS, type ReportId } from './calls';
import { EVERY_LOCATION, ItemsReport } from './ItemsReport';
import { BidsReport, PaymentsReport, PickupsReport, UnpaidReport } from './ListReports';
import { SummaryReport } from './SummaryReport';
import './reports.css';

/** Which report an address under reports/ names (the summary for any other). */
function reportOf(rest: string | undefined): ReportId {
  return REPORTS.find((r) => r.id === rest?.split('/')[0])?.id ?? 'summary';
}

function Actions({ eventcode, report, query }: { eventcode: string; report: ReportId; query: Record<string, string> }) {
  const [said, setSaid] = useState('');
  const download = useAction(
    () => downloadCsv(eventcode, report, query),
    () => setSaid('Downloaded.'),
  );
  return (
    <div className="reports-actions">
      <button
        type="button"
        className="console-button secondary"
        disabled={download.busy}
        onClick={() => {
          setSaid('');
          download.run(undefined);
        }}
        data-testid="reports-download"
      >
        Download CSV
      </button>
      <button
        type="button"
        className="console-button secondary"
        onClick={() => window.print()}
        data-testid="reports-print"
      >
        Print
      </button>
      <span className="console-sr-only" role="status">
        {said}
      </span>
      {download.error && (
        <p className="console-error" role="alert">
          {download.error}
        </p>
      )}
    </div>
  );
}

/**
 * Reports (after the night, staff and owners): a tab per report, each at its own address under
 * reports/, each also as a CSV (with the token, so fetched and saved) and printable (the print
 * stylesheet drops the menu and the tabs and prints tables whole).
 */
export function ReportsPage() {
  const { eventcode = '', '*': rest } = useParams();
  const report = reportOf(rest);
  const [search, setSearch] = useSearchParams();
  const location = search.has('location') ? (search.get('location') ?? '') : undefined;
  const onLocation = (next: string | undefined) =>
    setSearch(next === undefined || next === EVERY_LOCATION ? {} : { location: next }, { replace: true });
  const eventTitle = useEventTitle(eventcode);
  const title = REPORTS.find((r) => r.id === report)?.label ?? 'Summary';
  return (
    <Layout
      title={`Reports: ${title}`}
      actions={<Actions eventcode={eventcode} report={report} query={location === undefined ? {} : { location }} />}
    >
      <div className="reports">
        <p className="reports-print-only">{eventTitle}</p>
        <nav className="reports-tabs" aria-label="Reports">
          {REPORTS.map((r) => (
            <NavLink
              key={r.id}
              to={{ pathname: eventPath(eventcode, `reports/${r.id}`) }}
              className={({ isActive }) => (isActive ? 'selected' : undefined)}
              data-testid={`reports-tab-${r.id}`}
            >
              {r.label}
            </NavLink>
          ))}
        </nav>
        <Routes>
          <Route path="summary" element={<SummaryReport eventcode={eventcode} />} />
          <Route
            path="items"
            element={<ItemsReport eventcode={eventcode} location={location} onLocation={onLocation} />}
          />
          <Route path="unpaid" element={<UnpaidReport eventcode={eventcode} />} />
          <Route path="payments" element={<PaymentsReport eventcode={eventcode} />} />
          <Route path="pickups" element={<PickupsReport eventcode={eventcode} />} />
          <Route path="bids-over-time" element={<BidsReport eventcode={eventcode} />} />
          <Route path="*" element={<Navigate to={eventPath(eventcode, 'reports/summary')} replace />} />
        </Routes>
      </div>
    </Layout>
  );
}
