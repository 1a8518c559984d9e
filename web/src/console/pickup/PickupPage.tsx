import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Layout } from '../Layout';
import { useConsoleLive } from '../live';
import { LiveBadge } from '../ui/LiveBadge';
import { HandOver } from './HandOver';
import { PickupList } from './PickupList';
import './pickup.css';

const TABS = [
  { id: 'handover', label: 'Hand over' },
  { id: 'list', label: 'Pickup list' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/**
 * Pickup (auction night, volunteers and up): the bidder's code from their receipt opens what they
 * won, by location, to mark collected; the pickup list shows every won item, collected or waiting.
 * Live: a hand-over at another desk, or a payment at the checkout desk, shows here at once.
 */
export function PickupPage() {
  const { eventcode = '' } = useParams();
  const live = useConsoleLive(eventcode, ['pickup', 'desk']);
  const [tab, setTab] = useState<Tab>('handover');
  return (
    <Layout title="Pickup" actions={<LiveBadge state={live} />}>
      <div className="pickup-tabs" role="tablist" aria-label="Pickup">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`pickup-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`pickup-panel-${t.id}`}
            className={tab === t.id ? 'selected' : undefined}
            onClick={() => setTab(t.id)}
            data-testid={`pickup-tab-${t.id}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`pickup-panel-${tab}`} aria-labelledby={`pickup-tab-${tab}`}>
        {tab === 'handover' ? <HandOver eventcode={eventcode} /> : <PickupList eventcode={eventcode} />}
      </div>
    </Layout>
  );
}
