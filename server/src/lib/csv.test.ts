import { describe, expect, it } from 'vitest';
import { csvCell, csvMoney, csvTable } from './csv';

describe('CSV', () => {
  it('quotes every cell, doubles quotes, and makes a formula inert', () => {
    expect(csvCell('Ann "The Hammer" Lee')).toBe('"Ann ""The Hammer"" Lee"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(12)).toBe('"12"');
  });

  it('keeps a negative number a number a spreadsheet sums, and still makes anything else inert', () => {
    expect(csvCell(-5)).toBe('"-5"');
    expect(csvCell('-12.50')).toBe('"-12.50"');
    expect(csvCell(csvMoney(-1250))).toBe('"-12.50"');
    for (const formula of ['-2+3', '=1', '-1e3', '- 5', '-5,', '-12.50)', '+12', '-cmd|x', '-.5'])
      expect(csvCell(formula)).toBe(`"'${formula}"`);
  });

  it('writes money as dollars with two decimals and no symbol', () => {
    expect([0, 5, 1250, 123456789].map(csvMoney)).toEqual(['0.00', '0.05', '12.50', '1234567.89']);
  });

  it('ends every line, the header included, with CRLF', () => {
    expect(csvTable(['Order', 'Total'], [[1, csvMoney(4000)]])).toBe('"Order","Total"\r\n"1","40.00"\r\n');
    expect(csvTable(['Order'], [])).toBe('"Order"\r\n');
  });
});
