import { describe, expect, it } from 'vitest';
import type { Problem } from '@gavel/domain';
import { events } from '../../db/schema';
import { call } from '../../test/call';
import { dbState } from '../../test/db-state';
import { eventDocument } from '../../test/documents';
import type { TestApp } from '../../test/harness';
import { useEmptiedApp } from '../../test/hooks';
import { expectImportRefused, importOk as importOkAs } from '../../test/import-fixtures';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
useEmptiedApp(now, (app) => (t = app));

/** The event document with this `display` block (absent when undefined); raw, so bad values reach the server as typed. */
const doc = (display?: unknown): unknown => {
  const d = eventDocument(now);
  return display === undefined ? d : { ...d, event: { ...d.event, display } };
};

const importOk = (payload: unknown) => importOkAs(t, payload);
const displayOf = async () => {
  const [row] = await t.ctx.db
    .select({
      displayshowtotal: events.displayshowtotal,
      displaytotalincludes: events.displaytotalincludes,
      displaygoal: events.displaygoal,
      displaymessage: events.displaymessage,
    })
    .from(events);
  return row;
};
const expectRefused = (payload: unknown, problems: Problem[]) =>
  expectImportRefused(t, payload, problems, () => dbState(t.ctx.db));

describe('the display board settings (event.display)', () => {
  it('default to a shown total of all four parts, no goal and no message', async () => {
    await importOk(doc());
    expect(await displayOf()).toEqual({
      displayshowtotal: true,
      displaytotalincludes: ['bids', 'buyitnow', 'store', 'donations'],
      displaygoal: 0,
      displaymessage: '',
    });
  });

  it('are stored as given (the goal in cents, the message trimmed), serve the board, and change on re-import', async () => {
    await importOk(
      doc({
        showtotal: true,
        totalincludes: ['donations', 'bids'],
        goal: 25_000.5,
        message: '  Scan the code to bid  ',
      }),
    );
    expect(await displayOf()).toEqual({
      displayshowtotal: true,
      displaytotalincludes: ['donations', 'bids'],
      displaygoal: 2_500_050,
      displaymessage: 'Scan the code to bid',
    });
    const board = await call(t.app, 'GET /displayboard', undefined, { query: { eventcode: 'gala' } });
    expect(board.ok && { message: board.answer.message, total: board.answer.total }).toEqual({
      message: 'Scan the code to bid',
      total: { show: true, raised: 0, goal: 2_500_050 },
    });

    await importOk(doc({ showtotal: false, totalincludes: [] }));
    expect(await displayOf()).toEqual({
      displayshowtotal: false,
      displaytotalincludes: [],
      displaygoal: 0,
      displaymessage: '',
    });
  });

  it('refuses bad values with their paths, and imports nothing', async () => {
    await importOk(doc({ goal: 100 }));
    const cases: Array<[unknown, Problem[]]> = [
      [
        { totalincludes: ['bids', 'raffle'] },
        [{ path: 'event.display.totalincludes[1]', message: 'must be one of bids, buyitnow, store, donations' }],
      ],
      [{ totalincludes: ['bids', 'bids'] }, [{ path: 'event.display.totalincludes', message: 'names a part twice' }]],
      [{ goal: -5 }, [{ path: 'event.display.goal', message: 'cannot be negative' }]],
      [{ goal: 10.005 }, [{ path: 'event.display.goal', message: 'must have at most two decimals' }]],
      [{ goal: '25000' }, [{ path: 'event.display.goal', message: 'must be a number' }]],
      [{ showtotal: 'yes' }, [{ path: 'event.display.showtotal', message: 'must be a boolean' }]],
      [{ message: 'x'.repeat(201) }, [{ path: 'event.display.message', message: 'must be at most 200 characters' }]],
      [{ colour: 'red' }, [{ path: 'event.display.colour', message: 'is not a known field' }]],
    ];
    for (const [display, problems] of cases) await expectRefused(doc(display), problems);
    expect((await displayOf())?.displaygoal).toBe(10_000);
  });
});
