import { describe, expect, it } from 'vitest';
import { OVERRIDE_PATH } from '../api/console-live';
import { itemFieldFromText } from './csv-items';
import { checkLiveSale, unitsLeft } from './live';
import { liveSaleForm, pledgeForm } from './live-form';

const lot = {
  itemnum: '201',
  name: 'Tuscany Villa',
  itemisliveonly: true,
  paddlelevels: [],
  startingbid: 100_000,
  quantity: 1,
  quantitysold: 0,
  unlimitedquantity: false,
};
const ann = { biddernumber: 12, name: 'Ann Lee', authorizebidder: true };

describe('checkLiveSale', () => {
  it('passes a live lot sold at or above its start to a bidder who may bid', () => {
    expect(checkLiveSale(lot, ann, { amount: 100_000, quantity: 1 })).toEqual({ refusal: null, warnings: [] });
  });

  it('refuses a fund-a-need, a lot sold out and more units than are left, whoever asks', () => {
    expect(checkLiveSale({ ...lot, paddlelevels: [500] }, ann, { amount: 100_000, quantity: 1 }).refusal?.path).toBe(
      'itemnum',
    );
    expect(checkLiveSale({ ...lot, quantitysold: 1 }, ann, { amount: 100_000, quantity: 1 }).refusal).toEqual({
      path: 'itemnum',
      message: 'Item 201 (Tuscany Villa) is already sold.',
    });
    expect(checkLiveSale({ ...lot, quantity: 3 }, ann, { amount: 100_000, quantity: 4 }).refusal).toEqual({
      path: 'quantity',
      message: 'Only 3 of item 201 (Tuscany Villa) are left to sell.',
    });
  });

  it('warns, at each field, of what staff may overrule', () => {
    const check = checkLiveSale(
      { ...lot, itemisliveonly: false },
      { ...ann, authorizebidder: false },
      { amount: 90_000, quantity: 1 },
    );
    expect(check.refusal).toBeNull();
    expect(check.warnings.map((w) => w.path)).toEqual(['itemnum', 'amount', 'biddernumber']);
    expect(check.warnings.map((w) => w.path)).not.toContain(OVERRIDE_PATH);
  });

  it('never runs out of an unlimited item', () => {
    expect(unitsLeft({ quantity: 0, quantitysold: 40, unlimitedquantity: true })).toBeGreaterThan(1000);
  });
});

describe('the live forms', () => {
  it('read what the clerk types: paddles, dollars with $ and commas, an empty quantity as one', () => {
    expect(liveSaleForm.parse({ itemnum: ' 201 ', biddernumber: '12', amount: '$2,500', quantity: '' })).toEqual({
      itemnum: '201',
      biddernumber: 12,
      amount: 250_000,
      quantity: 1,
    });
    expect(pledgeForm.parse({ biddernumber: '7', amount: '1000' })).toEqual({ biddernumber: 7, amount: 100_000 });
  });

  it('refuse a paddle that is no whole number and an amount of nothing', () => {
    const bad = liveSaleForm.safeParse({ itemnum: '201', biddernumber: '12.5', amount: '0', quantity: '1' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['biddernumber', 'must be a whole number'],
      ['amount', 'must be above $0'],
    ]);
  });
});

describe('fund-a-need levels typed as text', () => {
  it('takes dollars separated by commas or spaces, with or without $', () => {
    expect(itemFieldFromText('paddlelevels', '5000, 1000 $500; 100', 'America/Chicago')).toEqual({
      value: [5000, 1000, 500, 100],
    });
    expect(itemFieldFromText('paddlelevels', '  ', 'America/Chicago')).toBe('empty');
  });

  it('refuses thousands separators rather than read 5,000 as 5 and 0', () => {
    expect(itemFieldFromText('paddlelevels', '5,000, 1,000', 'America/Chicago')).toEqual({
      problem: 'must be dollars separated by commas, without thousands separators: 5000, 1000, 500',
    });
    expect(itemFieldFromText('paddlelevels', '5000, lots', 'America/Chicago')).toHaveProperty('problem');
  });
});
