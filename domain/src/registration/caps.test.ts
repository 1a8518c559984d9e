import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GUEST_LINK_CHANGES_PER_DAY,
  GUEST_LINK_MAILS_PER_RECIPIENT,
  GUEST_LINK_WINDOW_MS,
  groupNameProblem,
  guestLinkMailAllowed,
  guestLinkMailCap,
  MAX_GROUP_NAME,
  peopleCap,
  registrationMessages,
} from './fields';

/** Security finding 5: what a purchase can make the server do for strangers, and group names that show nothing. */

describe('guest-link mail caps', () => {
  it('are a day of one link per seat plus 3 changes per purchase, and 3 per address', () => {
    expect(GUEST_LINK_WINDOW_MS).toBe(86_400_000);
    expect([GUEST_LINK_CHANGES_PER_DAY, GUEST_LINK_MAILS_PER_RECIPIENT]).toEqual([3, 3]);
    expect(guestLinkMailCap(8)).toBe(11);
    expect(guestLinkMailCap(1)).toBe(4);
  });

  it('allow a mail exactly while both counts are under their caps', () => {
    const seats = fc.integer({ min: 1, max: 200 });
    const sent = fc.integer({ min: 0, max: 400 });
    fc.assert(
      fc.property(seats, sent, sent, (s, byPurchase, toRecipient) => {
        expect(guestLinkMailAllowed({ seats: s, byPurchase, toRecipient })).toBe(byPurchase < s + 3 && toRecipient < 3);
      }),
    );
  });

  it('let a full table, filled at once, be mailed without meeting the purchase’s cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (s) => {
        // Every seat but the purchaser's gets a link, and then a few corrections still do.
        for (let n = 0; n < s - 1 + GUEST_LINK_CHANGES_PER_DAY; n++)
          expect(guestLinkMailAllowed({ seats: s, byPurchase: n, toRecipient: 0 })).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});

describe('people per purchase', () => {
  it('are twice its seats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (s) => {
        expect(peopleCap(s)).toBe(2 * s);
      }),
    );
    expect(registrationMessages.tooManyPeople(1)).toBe(
      'This purchase already lists 2 people, twice its 1 seat. Please choose someone from the Guest list instead of Add New.',
    );
    expect(registrationMessages.tooManyPeople(8)).toContain('16 people, twice its 8 seats');
  });
});

describe('a group’s new name', () => {
  const invisible = fc
    .array(
      fc.constantFrom(
        ' ',
        '\u00a0',
        '\u200b',
        '\u200c',
        '\u200d',
        '\u2060',
        '\ufeff',
        '\u00ad',
        '\u3000',
        '\u3164',
        '\u2800',
        '\u0301',
        '\t',
      ),
      { minLength: 1, maxLength: 12 },
    )
    .map((a) => a.join(''));

  it('must show something: invisible characters alone are asked for again', () => {
    expect(groupNameProblem('')).toBe(registrationMessages.groupNameRequired);
    fc.assert(
      fc.property(invisible, (name) => {
        expect(groupNameProblem(name)).toBe(registrationMessages.groupNameRequired);
      }),
    );
  });

  it('is kept as typed otherwise, up to 100 characters', () => {
    fc.assert(
      fc.property(invisible, fc.constantFrom('A', 'Lee', '李', '😀', '7', '.'), invisible, (before, word, after) => {
        expect(groupNameProblem(before + word + after)).toBeUndefined();
      }),
    );
    expect(groupNameProblem('x'.repeat(MAX_GROUP_NAME))).toBeUndefined();
    expect(groupNameProblem('x'.repeat(MAX_GROUP_NAME + 1))).toBe(registrationMessages.groupNameTooLong);
  });
});
