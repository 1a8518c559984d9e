import { describe, expect, it } from 'vitest';
import {
  closeCountdown,
  closedMessage,
  closeQuestion,
  extendedMessage,
  extendQuestion,
  lateCloseProblem,
  reopenTimeProblem,
  targetWords,
  withinReopenWindow,
} from './close';

const at = (hhmm: string) => new Date(`2026-12-05T${hhmm}:00-06:00`);
const event = { eventcloses: at('23:00'), timezone: 'America/Chicago' };

describe('the close in words', () => {
  it('names what closes and how many', () => {
    expect(targetWords({ scope: 'location', location: '' })).toBe('the items without a location');
    expect(closeQuestion({ scope: 'location', location: 'Table 1' }, 3)).toBe(
      'Close the items at Table 1 now: 3 open items? Bidding on them ends at once and each leader wins.',
    );
    expect(closeQuestion({ scope: 'item', itemnum: '101' }, 1)).toBe(
      'Close item 101 now? Its leader wins it at the current bid.',
    );
    expect(extendQuestion({ scope: 'all' }, 1, 1)).toBe(
      'Extend every item (1 open item) by 1 minute? Phones and the board show the new time at once.',
    );
    expect(closedMessage({ scope: 'all' }, 12)).toBe('Closed 12 items: every item.');
    expect(extendedMessage({ scope: 'all' }, 2, 10, ['7', '9'])).toBe(
      'Extended 2 items by 10 minutes. Items 7, 9 have closed and stay closed.',
    );
  });
});

describe('the rules', () => {
  it('keeps a close inside the event', () => {
    expect(lateCloseProblem('101', at('23:00'), event)).toBeNull();
    expect(lateCloseProblem('101', at('23:01'), event)).toBe(
      'Item 101 would then close after the event ends (12-05-2026 11:00 PM CST). Choose fewer minutes.',
    );
  });

  it('reopens for 30 minutes after the close, no longer', () => {
    expect(withinReopenWindow(at('21:00'), at('21:30'))).toBe(true);
    expect(reopenTimeProblem('5', at('21:00'), at('21:30'), event.timezone)).toBeNull();
    expect(reopenTimeProblem('5', at('21:00'), at('21:31'), event.timezone)).toBe(
      'Item 5 closed at 12-05-2026 9:00 PM CST, more than 30 minutes ago, so it cannot be reopened.',
    );
  });

  it('counts down by the second in the last hour', () => {
    expect(closeCountdown(2 * 3_600_000 + 15 * 60_000)).toBe('2h 15m');
    expect(closeCountdown(3_599_000)).toBe('59:59');
    expect(closeCountdown(1)).toBe('00:01');
    expect(closeCountdown(0)).toBe('Closed');
  });
});
