import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { importItem } from '../import/schema';
import { itemFormSchema, itemFormValues } from './item-form';

const timezone = 'America/Chicago';
const bidding = {
  biddingopens: new Date('2026-12-05T18:00:00-06:00'),
  biddingcloses: new Date('2026-12-05T21:00:00-06:00'),
};
const schema = itemFormSchema({ timezone, bidding, itemnum: '101' });

describe('the item form', () => {
  it('shows an item as text in dollars and the event zone, and reads it back as the same item', () => {
    const item = importItem.parse({
      itemnum: '101',
      name: 'Wine',
      startingbid: 1250.5,
      fairmarketvalue: 3000,
      tags: ['wine', 'travel'],
      closing: '2026-12-06T02:30:00Z',
      photos: ['/media/abc'],
    });
    const values = itemFormValues(item, timezone);
    expect(values).toMatchObject({
      startingbid: '1250.50',
      fairmarketvalue: '3000.00',
      minimumbidincrease: '1.00',
      tags: 'wine, travel',
      closing: '2026-12-05T20:30',
      quantity: '1',
      allowautobid: true,
    });
    expect(schema.parse(values)).toEqual({ ...item, photos: [], closing: '2026-12-05T20:30:00-06:00' });
  });

  it('starts a new item empty where it has no default, with the import’s defaults elsewhere', () => {
    const values = itemFormValues(undefined, timezone);
    expect(values).toMatchObject({
      itemnum: '',
      name: '',
      startingbid: '',
      minimumbidincrease: '1.00',
      quantity: '1',
      deductible: '',
    });
    const result = itemFormSchema({ timezone, bidding }).safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['itemnum', 'is required'],
      ['name', expect.any(String)],
      ['deductible', 'must be chosen: how much of a payment for it is deductible'],
    ]);
    // The rules across fields (a starting bid for an item taking bids) follow once each field holds a value.
    const chosen = itemFormSchema({ timezone, bidding }).safeParse({ ...values, deductible: 'value' });
    expect(chosen.error?.issues.map((i) => i.path.join('.'))).toEqual(['itemnum', 'name', 'startingbid']);
  });

  it('puts each problem at its field: typed text, the import’s rules, the close, a number the console keeps', () => {
    const values = {
      ...itemFormValues(undefined, timezone),
      itemnum: 'new',
      name: 'Lot',
      startingbid: 'ten',
      deductible: 'full',
    };
    const first = itemFormSchema({ timezone, bidding }).safeParse(values);
    expect(first.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['startingbid', 'must be a number of dollars'],
    ]);
    const second = itemFormSchema({ timezone, bidding }).safeParse({
      ...values,
      startingbid: '$5',
      closing: '2026-12-05T22:00',
      buyitnowavailable: true,
    });
    expect(second.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['buyitnowprice', 'must be above 0 when Buy It Now is offered'],
      ['closing', "cannot be after the event's bidding close"],
      ['itemnum', 'is a word the console keeps for its own pages; choose another item number'],
    ]);
  });

  it('shows an item’s deductibility and reads it back, in any capitals', () => {
    const item = importItem.parse({ itemnum: '7', name: 'Gift', startingbid: 5, deductible: 'none' });
    const values = itemFormValues(item, timezone);
    expect(values.deductible).toBe('none');
    expect(schema.parse({ ...values, deductible: 'FULL' }).deductible).toBe('full');
    expect(schema.safeParse({ ...values, deductible: 'some' }).error?.issues[0]?.message).toBe(
      'must be one of value, full, none',
    );
  });

  it('reads back whatever money it shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (cents) => {
        const item = importItem.parse({ itemnum: '1', name: 'A', startingbid: cents / 100 });
        expect(schema.parse(itemFormValues(item, timezone)).startingbid).toBe(cents / 100);
      }),
    );
  });
});
