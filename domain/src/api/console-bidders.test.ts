import { describe, expect, it } from 'vitest';
import { addBidderForm, addConsoleBidderRequest, bidderNumberForm, bidderWords } from './console-bidders';

const problem = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('the console bidder forms', () => {
  it('reads a typed number, and an empty one as the next free number', () => {
    const person = { firstname: 'Ann', lastname: 'Lee', email: 'ann@example.org', cellphone: '' };
    expect(addBidderForm.parse({ ...person, bidderdisplaynumber: ' 105 ' }).bidderdisplaynumber).toBe(105);
    expect(addBidderForm.parse({ ...person, bidderdisplaynumber: '' }).bidderdisplaynumber).toBeUndefined();
    expect(problem(addBidderForm.safeParse({ ...person, bidderdisplaynumber: '10.5' }))).toBe('must be a whole number');
  });

  it('needs a number to change to, within a paddle', () => {
    expect(bidderNumberForm.parse({ newnumber: '150' })).toEqual({ newnumber: 150 });
    expect(problem(bidderNumberForm.safeParse({ newnumber: '' }))).toBe('is required');
    expect(problem(bidderNumberForm.safeParse({ newnumber: '0' }))).toBe('must be at least 1');
    expect(problem(bidderNumberForm.safeParse({ newnumber: '1000000' }))).toBe('must be at most 999999');
  });

  it('takes a phone of 10 digits or none, and names people by name or email', () => {
    const person = { firstname: 'Ann', lastname: 'Lee', email: 'ann@example.org' };
    expect(addConsoleBidderRequest.parse(person)).toMatchObject({ cellphone: '', confirm: false });
    expect(problem(addConsoleBidderRequest.safeParse({ ...person, cellphone: '555-0199' }))).toBe(
      'must have 10 digits',
    );
    expect(bidderWords.nameOf({ firstname: '', lastname: '', email: 'x@example.org' })).toBe('x@example.org');
  });
});
