import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Layout } from '../Layout';
import { useConsoleLive } from '../live';
import { LiveBadge } from '../ui/LiveBadge';
import { useRuns } from './calls';
import { FollowUpSection } from './FollowUpSection';
import { PreviewSection } from './PreviewSection';
import { RunSection } from './RunSection';
import './chargeall.css';

/**
 * Charge all saved cards (the owner's, at the end of the night): preview who is charged and who is
 * skipped, run it (a background job on the server: each balance charged once, under its own key),
 * follow its progress live, and send pay links to the declined.
 */
export function ChargeAllPage() {
  const { eventcode = '' } = useParams();
  const live = useConsoleLive(eventcode, ['chargeall', 'desk']);
  const runs = useRuns(eventcode);
  const [started, setStarted] = useState<number | null>(null);
  const latest = runs.data?.runs[0];
  const shown = started ?? latest?.runid ?? null;
  const running = latest?.state === 'running' ? latest.runid : null;
  return (
    <Layout title="Charge all cards" actions={<LiveBadge state={live} />}>
      <p className="chargeall-intro">
        Charges each bidder’s card on file for what they owe, once. Bidders who pay on their phone or at the desk
        meanwhile are not charged again.
      </p>
      <PreviewSection eventcode={eventcode} running={running} onStarted={setStarted} />
      {shown !== null && <RunSection eventcode={eventcode} runid={shown} />}
      {runs.isError && (
        <p className="console-error" role="alert">
          {runs.error.message}
        </p>
      )}
      {runs.data && runs.data.runs.length > 0 && (
        <FollowUpSection eventcode={eventcode} followup={runs.data.followup} />
      )}
    </Layout>
  );
}
