import {
  type ChargeFollowUp,
  type ChargeRunResponse,
  type ChargeRunsResponse,
  bidderWords,
  resultWords,
} from '@gavel/domain';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { balancesOf } from '../../../money/ledger';
import { eventRun, eventRuns, lastPayLinks, type RunBidder, runBidders, type RunWithStaff } from './queries';

const count = (rows: RunBidder[], ...states: RunBidder['state'][]) =>
  rows.filter((r) => states.includes(r.state)).length;

/** A run's figures from its bidders' rows. */
function summary(run: RunWithStaff, rows: RunBidder[]) {
  return {
    runid: run.id,
    state: run.state,
    startedby: run.startedby,
    createdat: run.createdAt.toISOString(),
    finishedat: run.finishedAt?.toISOString() ?? null,
    minimum: run.minimum,
    count: rows.length,
    total: rows.reduce((sum, r) => sum + r.due, 0),
    charged: count(rows, 'paid'),
    chargedamount: rows.reduce((sum, r) => sum + (r.state === 'paid' ? r.paid : 0), 0),
    declined: count(rows, 'declined'),
    confirm: count(rows, 'confirm'),
    skipped: count(rows, 'skipped'),
    review: count(rows, 'review'),
    left: count(rows, 'queued', 'charging'),
  };
}

const who = (r: RunBidder) => ({ bidderid: r.accountId, name: bidderWords.nameOf(r), number: r.number });

/** GET charge-all/:runid: the run, its counts, and each bidder's result in words. */
export async function runStatus(db: Db, caller: StaffEventCaller, runId: number): Promise<ChargeRunResponse> {
  const run = await eventRun(db, caller.tenant.event.id, runId);
  if (!run) throw new AppError('not_found', 'There is no such charge-all run in this event.');
  const rows = await runBidders(db, [run.id]);
  return {
    status: 'success',
    message: '',
    ...summary(run, rows),
    results: rows.map((r) => ({ ...who(r), due: r.due, state: r.state, message: resultWords(r.state, r.message) })),
  };
}

/**
 * GET charge-all: the event's runs (latest first), and the follow-up list: each bidder whose
 * latest run declined their card (or left it needing the bidder's confirmation), with what they owe
 * now and when a pay link was last sent after that.
 */
export async function runsOverview(db: Db, caller: StaffEventCaller): Promise<ChargeRunsResponse> {
  const { event } = caller.tenant;
  const runs = await eventRuns(db, event.id);
  const rows = await runBidders(
    db,
    runs.map((r) => r.id),
  );
  const latest = new Map<number, RunBidder>();
  for (const row of rows) {
    const known = latest.get(row.bidderId);
    if (!known || known.runId < row.runId) latest.set(row.bidderId, row);
  }
  const follow = [...latest.values()]
    .filter((r) => r.state === 'declined' || r.state === 'confirm')
    .sort((a, b) => a.number - b.number);
  const [balances, links] = await Promise.all([
    balancesOf(
      db,
      event,
      follow.map((r) => r.bidderId),
    ),
    lastPayLinks(
      db,
      event.id,
      follow.map((r) => r.accountId),
    ),
  ]);
  const followup: ChargeFollowUp[] = follow.map((r) => {
    const sent = links.get(r.accountId);
    return {
      ...who(r),
      email: r.email,
      cellphone: r.cellphone,
      runid: r.runId,
      state: r.state === 'confirm' ? 'confirm' : 'declined',
      message: resultWords(r.state, r.message),
      due: Math.max(0, balances.get(r.bidderId)?.due ?? 0),
      paylinksentat: sent && sent >= r.updatedAt ? sent.toISOString() : null,
    };
  });
  return {
    status: 'success',
    message: '',
    runs: runs.map((run) =>
      summary(
        run,
        rows.filter((r) => r.runId === run.id),
      ),
    ),
    followup,
  };
}
