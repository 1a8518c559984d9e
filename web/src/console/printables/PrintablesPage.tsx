import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Layout } from '../Layout';
import { useConsoleItems } from '../items/queries';
import { DownloadButton } from './DownloadButton';
import { downloadFile } from '../ui/download';
import { StatementsSection } from './StatementsSection';
import './printables.css';

function BidSheets({ eventcode }: { eventcode: string }) {
  const items = useConsoleItems(eventcode);
  const [location, setLocation] = useState('');
  const locations = [...new Set((items.data?.items ?? []).map((i) => i.location.trim()).filter(Boolean))].sort();
  const count = (items.data?.items ?? []).filter((i) => !location || i.location.trim() === location).length;
  return (
    <section className="printables-card" aria-labelledby="printables-sheets">
      <h2 id="printables-sheets">Bid sheets</h2>
      <p>
        A page per item: its number, name, donor, description, value, starting bid and raise, lines for paper bids, and
        a QR code that opens the item on a phone.
      </p>
      <div className="console-field">
        <label htmlFor="printables-location">Items</label>
        <select
          id="printables-location"
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          data-testid="printables-location"
        >
          <option value="">Every location</option>
          {locations.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </div>
      {items.data && (
        <p className="printables-count" data-testid="printables-sheet-count">
          {count === 1 ? '1 page' : `${count} pages`}
        </p>
      )}
      <DownloadButton
        label="Download bid sheets"
        testId="printables-bid-sheets"
        save={() =>
          downloadFile('GET /console/events/:eventcode/printables/bid-sheets.pdf', {
            params: { eventcode },
            query: location ? { location } : {},
            fallback: `bid-sheets-${eventcode}.pdf`,
          })
        }
      />
    </section>
  );
}

/** What to print for the night: bid sheets, badges, table cards; then receipts and statements. */
export function PrintablesPage() {
  const { eventcode = '' } = useParams();
  return (
    <Layout title="Printables">
      <div className="printables-grid">
        <BidSheets eventcode={eventcode} />
        <section className="printables-card" aria-labelledby="printables-badges">
          <h2 id="printables-badges">Badges</h2>
          <p>
            Six a page: the bidder&apos;s name, their number large enough to raise as a paddle, and a QR code that signs
            them in on their phone.
          </p>
          <p className="console-warning">
            Each badge signs its bidder in (once, until a day after bidding closes): hand it only to that bidder, and
            shred spare copies.
          </p>
          <DownloadButton
            label="Download badges"
            testId="printables-badges"
            save={() =>
              downloadFile('GET /console/events/:eventcode/printables/badges.pdf', {
                params: { eventcode },
                fallback: `badges-${eventcode}.pdf`,
              })
            }
          />
        </section>
        <section className="printables-card" aria-labelledby="printables-cards">
          <h2 id="printables-cards">Table cards</h2>
          <p>Two cards a page, each with the event&apos;s QR code and its short link. Print one page per two tables.</p>
          <DownloadButton
            label="Download table cards"
            testId="printables-table-cards"
            save={() =>
              downloadFile('GET /console/events/:eventcode/printables/table-cards.pdf', {
                params: { eventcode },
                fallback: `table-cards-${eventcode}.pdf`,
              })
            }
          />
        </section>
      </div>
      <StatementsSection eventcode={eventcode} />
    </Layout>
  );
}
