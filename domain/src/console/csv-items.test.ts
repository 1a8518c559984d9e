import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { importItem, type ImportItem } from '../import/schema';
import {
  columnLetter,
  fieldOfHeading,
  ITEM_FIELD_LABELS,
  ITEM_FIELDS,
  matchColumns,
  normalizeHeading,
  readCsvItems,
  type CsvItemsInput,
} from './csv-items';

const bidding = {
  biddingopens: new Date('2026-12-05T18:00:00-06:00'),
  biddingcloses: new Date('2026-12-05T21:00:00-06:00'),
};
const read = (headings: string[], rows: string[][], existing: ReadonlyMap<string, ImportItem> = new Map()) =>
  readCsvItems({ headings, rows, existing, timezone: 'America/Chicago', bidding } satisfies CsvItemsInput);

describe('headings', () => {
  it('ignore capitals, spaces and underscores', () => {
    expect(normalizeHeading('\uFEFFStarting Bid')).toBe('startingbid');
    expect(fieldOfHeading('starting_bid')).toBe('startingbid');
    expect(fieldOfHeading(' ITEM NUM ')).toBe('itemnum');
    expect(fieldOfHeading('Buy It Now Price')).toBe('buyitnowprice');
    expect(fieldOfHeading('Item number')).toBeNull();
    expect(fieldOfHeading('Item number', { labels: true })).toBe('itemnum');
  });

  it('name every field of the import document, each with a label', () => {
    expect(ITEM_FIELDS).toContain('startingbid');
    expect(ITEM_FIELDS.length).toBe(Object.keys(importItem.shape).length);
    for (const f of ITEM_FIELDS) {
      expect(fieldOfHeading(f)).toBe(f);
      expect(fieldOfHeading(ITEM_FIELD_LABELS[f], { labels: true })).toBe(f);
    }
  });

  it('any mix of capitals, spaces and underscores finds the same field', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ITEM_FIELDS),
        fc.array(fc.boolean(), { maxLength: 40 }),
        fc.array(fc.constantFrom('', ' ', '_', '  '), { maxLength: 40 }),
        (field, caps, gaps) => {
          const heading = [...field].map((ch, i) => (caps[i] ? ch.toUpperCase() : ch) + (gaps[i] ?? '')).join('');
          expect(fieldOfHeading(` ${heading} `)).toBe(field);
        },
      ),
    );
  });

  it('a missing required column, an unknown one or one named twice is a problem of row 1', () => {
    expect(matchColumns(['Item Num', 'Name', 'Starting Bid']).problems).toEqual([]);
    expect(matchColumns(['itemnum', 'Title', 'startingbid']).problems).toEqual([
      { row: 1, column: 'Title', message: '"Title" is not an item field' },
      { row: 1, column: 'name', message: 'The file has no name column; every item needs one' },
    ]);
    expect(matchColumns(['itemnum', 'name', 'Name']).problems).toEqual([
      { row: 1, column: 'name', message: 'name is named by two columns' },
    ]);
  });

  it('letters columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('rows', () => {
  const headings = ['itemnum', 'name', 'Starting Bid', 'Fair Market Value', 'tags', 'Buy It Now Only', 'closing'];

  it('reads each row as the import document reads an item, by the spreadsheet row number', () => {
    const result = read(headings, [
      ['101', 'Wine', '$1,250.50', '2000', 'wine, travel', 'no', '2026-12-05 20:30'],
      ['', '', '', '', '', '', ''],
      ['102', 'Ball', '50', '', '', '', '12/5/2026 8:00 PM'],
    ]);
    expect(result.problems).toEqual([]);
    expect(result.columns).toEqual([
      'itemnum',
      'name',
      'startingbid',
      'fairmarketvalue',
      'tags',
      'buyitnowonly',
      'closing',
    ]);
    expect(result.rows.map((r) => [r.row, r.itemnum, r.action])).toEqual([
      [2, '101', 'create'],
      [4, '102', 'create'],
    ]);
    expect(result.rows[0]?.item).toMatchObject({
      startingbid: 1250.5,
      fairmarketvalue: 2000,
      tags: ['wine', 'travel'],
      buyitnowonly: false,
      closing: '2026-12-05T20:30:00-06:00',
      minimumbidincrease: 1,
    });
    expect(result.rows[1]?.item?.closing).toBe('2026-12-05T20:00:00-06:00');
  });

  it('tells every problem at its row and column, and gives no item for such a row', () => {
    const rows = Array.from({ length: 10 }, (_, i) => [
      `${i + 1}`,
      `Item ${i + 1}`,
      i === 2 ? 'ten' : '25',
      '',
      '',
      '',
      '',
    ]);
    rows[5] = ['6', 'Item 6', '25', '', '', 'maybe', '2026-12-06 20:00'];
    rows[7] = ['3', 'Item 8', '-5', '', '', '', ''];
    const result = read(headings, rows);
    expect(result.problems).toEqual([
      { row: 4, column: 'startingbid', message: 'must be a number' },
      { row: 7, column: 'buyitnowonly', message: 'must be yes or no' },
      { row: 7, column: 'closing', message: "cannot be after the event's bidding close" },
      { row: 9, column: 'itemnum', message: 'repeats the itemnum of row 4' },
      { row: 9, column: 'startingbid', message: 'cannot be negative' },
    ]);
    expect(result.rows[2]?.item).toBeNull();
    expect(result.rows[0]?.item).not.toBeNull();
  });

  it('refuses a value under no heading, and item numbers the console keeps for its pages', () => {
    const result = read(
      ['itemnum', 'name', ''],
      [
        ['import', 'X', ''],
        ['7', 'Y', 'stray'],
      ],
    );
    expect(result.problems).toEqual([
      {
        row: 2,
        column: 'itemnum',
        message: 'is a word the console keeps for its own pages; choose another item number',
      },
      { row: 2, column: 'startingbid', message: 'must be above 0 for an item taking bids' },
      { row: 3, column: 'column C', message: 'has a value but its column has no heading' },
      { row: 3, column: 'startingbid', message: 'must be above 0 for an item taking bids' },
    ]);
  });

  it('reads no row when the heading has a problem', () => {
    const result = read(['itemnum', 'startingbid'], [['1', '5']]);
    expect(result.rows).toEqual([]);
    expect(result.problems).toEqual([
      { row: 1, column: 'name', message: 'The file has no name column; every item needs one' },
    ]);
  });

  it('updates an item from what it is: a column the file lacks keeps its value, an empty cell gives the default', () => {
    const prior = importItem.parse({
      itemnum: 'A-7',
      name: 'Old',
      description: 'Kept',
      startingbid: 40,
      minimumbidincrease: 5,
      location: 'Table 1',
    });
    const result = read(
      ['ItemNum', 'Name', 'Location', 'Minimum Bid Increase'],
      [['a-7', 'New', '', '']],
      new Map([['a-7', prior]]),
    );
    expect(result.problems).toEqual([]);
    expect(result.rows[0]).toMatchObject({ action: 'update', itemnum: 'a-7' });
    expect(result.rows[0]?.item).toMatchObject({
      name: 'New',
      description: 'Kept',
      startingbid: 40,
      location: '',
      minimumbidincrease: 1,
    });
  });

  it('a row repeating an earlier row’s itemnum has its problem and no item (the property below found it)', () => {
    const result = read(headings, [
      ['1,000', '', '', '', '', '', ''],
      ['1,000', 'x', '$5.25', '', '', '', ''],
    ]);
    expect(result.problems.filter((p) => p.row === 3)).toEqual([
      { row: 3, column: 'itemnum', message: 'repeats the itemnum of row 2' },
    ]);
    expect(result.rows.find((r) => r.row === 3)?.item).toBeNull();
  });

  it('whatever the cells, every row is either an item the schema takes or has a problem, never both', () => {
    const cell = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('', 'yes', '12', '$5.25', '1,000', 'x', '-1'));
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 7, maxLength: 7 }), { maxLength: 8 }), (rows) => {
        const result = read(headings, rows);
        for (const r of result.rows) {
          const problems = result.problems.filter((p) => p.row === r.row);
          if (r.item) {
            expect(problems).toEqual([]);
            expect(importItem.safeParse(r.item).success).toBe(true);
          } else expect(problems.length).toBeGreaterThan(0);
          expect(r.row).toBeGreaterThanOrEqual(2);
        }
      }),
    );
  });
});

describe('the deductible column', () => {
  it('takes value, full or none in any capitals; empty gives the import’s value; anything else is refused', () => {
    const out = read(
      ['itemnum', 'name', 'startingbid', 'Deductible'],
      [
        ['1', 'Napa', '100', 'Full'],
        ['2', 'Raffle', '5', 'NONE'],
        ['3', 'Wine', '50', ''],
        ['4', 'Lot', '50', 'priceless'],
      ],
    );
    expect(out.rows.map((r) => r.item?.deductible ?? null)).toEqual(['full', 'none', 'value', null]);
    expect(out.problems).toEqual([{ row: 5, column: 'deductible', message: 'must be one of value, full, none' }]);
  });
});
