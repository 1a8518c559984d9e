import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type CloseFields, headerItemsCountdown, soonestItemClose, welcomeCountdown } from './soonest-close';

const now = new Date('2026-12-05T20:00:00Z');
const eventCloses = new Date('2026-12-06T01:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
const item = (over: Partial<CloseFields> = {}): CloseFields => ({
  closing: eventCloses.toISOString(),
  bidstatus: 'biddingopen',
  itemisliveonly: false,
  quantityavailable: 1,
  unlimitedquantity: false,
  ...over,
});

describe('the soonest item close', () => {
  it('names the first item close that comes before the event’s', () => {
    const items = [item(), item({ closing: at(117) }), item({ closing: at(180) })];
    expect(soonestItemClose(items, eventCloses, now)).toEqual({ at: new Date(at(117)), label: 'First items close' });
    expect(welcomeCountdown(items, eventCloses, now)).toEqual({
      items: { label: 'First items close in', left: '1h 57m' },
      bidding: { label: 'Bidding closes in', left: '5h 0m' },
    });
  });

  it('is null when every open item closes with the event (its close is then the first)', () => {
    expect(soonestItemClose([item(), item()], eventCloses, now)).toBeNull();
    expect(soonestItemClose([], eventCloses, now)).toBeNull();
    expect(welcomeCountdown([item()], eventCloses, now)).toEqual({
      items: null,
      bidding: { label: 'Bidding closes in', left: '5h 0m' },
    });
    // An item extended past the event's close is no earlier close either.
    expect(soonestItemClose([item({ closing: at(400) })], eventCloses, now)).toBeNull();
  });

  it('skips what no longer closes on its time: live-only, sold out, closed, already past', () => {
    const items = [
      item({ closing: at(10), itemisliveonly: true }),
      item({ closing: at(20), quantityavailable: 0 }),
      item({ closing: at(30), bidstatus: 'biddingclosed' }),
      item({ closing: at(-5) }),
      item({ closing: at(90) }),
      item({ closing: at(40), quantityavailable: 0, unlimitedquantity: true }),
    ];
    expect(soonestItemClose(items, eventCloses, now)).toEqual({ at: new Date(at(40)), label: 'Next items close' });
  });

  it('says Next once items have closed on their time, and moves on as the clock passes a close', () => {
    const items = [item({ closing: at(30) }), item({ closing: at(90) })];
    expect(soonestItemClose(items, eventCloses, now)?.label).toBe('First items close');
    const later = new Date(now.getTime() + 31 * 60_000);
    expect(soonestItemClose(items, eventCloses, later)).toEqual({ at: new Date(at(90)), label: 'Next items close' });
  });

  it('counts down in the header under an hour, as mm:ss', () => {
    expect(headerItemsCountdown([item({ closing: at(117) })], eventCloses, now)).toBeNull();
    expect(headerItemsCountdown([item({ closing: at(12.5) })], eventCloses, now)).toBe('First items close in 12:30');
    expect(headerItemsCountdown([item()], eventCloses, now)).toBeNull();
  });

  it('is never after the event’s close nor before now, and is the earliest open item close', () => {
    const arbitraryItem = fc.record({
      minutes: fc.integer({ min: -600, max: 600 }),
      bidstatus: fc.constantFrom('biddingopen' as const, 'biddingclosed' as const, 'biddingnotopen' as const),
      itemisliveonly: fc.boolean(),
      quantityavailable: fc.integer({ min: 0, max: 3 }),
      unlimitedquantity: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbitraryItem, { maxLength: 12 }), (specs) => {
        const items = specs.map(({ minutes, ...rest }) => item({ ...rest, closing: at(minutes) }));
        const soonest = soonestItemClose(items, eventCloses, now);
        const open = items.filter(
          (i) =>
            !i.itemisliveonly &&
            i.bidstatus !== 'biddingclosed' &&
            (i.unlimitedquantity || i.quantityavailable > 0) &&
            Date.parse(i.closing) > now.getTime(),
        );
        const earliest = Math.min(...open.map((i) => Date.parse(i.closing)));
        if (!soonest) {
          expect(open.every((i) => Date.parse(i.closing) >= eventCloses.getTime())).toBe(true);
          return;
        }
        expect(soonest.at.getTime()).toBe(earliest);
        expect(soonest.at.getTime()).toBeGreaterThan(now.getTime());
        expect(soonest.at.getTime()).toBeLessThan(eventCloses.getTime());
      }),
    );
  });
});
