import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { profileErrors, setupStepOneErrors } from './accounts/validation';
import { saveProfileRequest } from './api/accounts';
import { maxBidRequest, submitBidRequest } from './api/bids';
import { itemRequest } from './api/items';
import {
  freeText,
  hasVisibleText,
  INT4_MAX,
  isPostalCode,
  plainText,
  rowId,
  textMessages,
  textProblem,
} from './bounds';
import { importDocument } from './import/schema';
import { BID_CAP, bidMessages } from './items/rules';
import { moneyIn } from './money';
import { FIELD_CONTROL, fieldProblem, storedValueOf } from './registration/fields';
import { checkoutProblem } from './store/billing';
import { storeMessages } from './store/rules';
import { zodProblems } from './validation';

/** Issue 15: the bounds every request and import keeps, and the precise words of loose text. */

/** The engine's own oracle for broken text: encodeURIComponent throws on a lone surrogate. */
function wellFormed(s: string): boolean {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
}

/** Any UTF-16 string, lone surrogates and controls included. */
const anyUnits = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 30 })
  .map((units) => String.fromCharCode(...units));
const controls = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((c) => String.fromCharCode(c));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
/** Text a person writes: any code point but the controls (emoji and other astral characters included). */
const cleanText = fc.string({
  unit: fc
    .integer({ min: 0xa0, max: 0x10ffff })
    .filter((c) => c < 0xd800 || c > 0xdfff)
    .map((c) => String.fromCodePoint(c)),
  maxLength: 30,
});

const firstMessage = (r: { success: boolean; error?: z.ZodError }) => (r.error ? zodProblems(r.error)[0] : undefined);

describe('ids within an integer column', () => {
  it('takes every id from 1 to 2147483647', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: INT4_MAX }), (id) => {
        expect(rowId.parse(id)).toBe(id);
      }),
    );
  });

  it('refuses what the column cannot hold, saying its bound', () => {
    expect(firstMessage(rowId.safeParse(INT4_MAX + 1))?.message).toBe('must be at most 2147483647');
    expect(firstMessage(rowId.safeParse(1e308))?.message).toBe('must be at most 2147483647');
    expect(firstMessage(rowId.safeParse(0))?.message).toBe('must be at least 1');
    expect(firstMessage(rowId.safeParse(-1))?.message).toBe('must be at least 1');
    expect(rowId.safeParse(1.5).success).toBe(false);
    fc.assert(
      fc.property(fc.double({ min: INT4_MAX + 1, noNaN: true }), (n) => {
        expect(rowId.safeParse(n).success).toBe(false);
      }),
    );
  });

  it('bounds the item of every item call', () => {
    expect(firstMessage(itemRequest.safeParse({ eventcode: 'gala', itemid: 2_147_483_648 }))).toEqual({
      path: 'itemid',
      message: 'must be at most 2147483647',
    });
    expect(firstMessage(submitBidRequest.safeParse({ eventcode: 'gala', itemid: 2_147_483_648, bid: 10 }))?.path).toBe(
      'itemid',
    );
  });
});

describe('text free of control characters and broken characters', () => {
  it('takes any text a person writes', () => {
    fc.assert(
      fc.property(cleanText, (s) => {
        expect(textProblem(s)).toBeNull();
      }),
    );
  });

  it('refuses a control character anywhere, and a lone surrogate anywhere', () => {
    fc.assert(
      fc.property(cleanText, controls, cleanText, (a, c, b) => {
        const lineBreak = c === '\t' || c === '\n' || c === '\r';
        expect(textProblem(a + c + b)).toBe(textMessages.control);
        expect(textProblem(a + c + b, true)).toBe(lineBreak ? null : textMessages.control);
      }),
    );
    fc.assert(
      fc.property(cleanText, loneSurrogate, cleanText, (a, s, b) => {
        expect(textProblem(a + s + b, true)).toBe(textMessages.broken);
      }),
    );
  });

  it('agrees with the platform on what is well formed', () => {
    fc.assert(
      fc.property(anyUnits, (s) => {
        const noControls = !/[\p{Cc}]/u.test(s.replace(/[\t\n\r]/g, ''));
        expect(textProblem(s, true) === null).toBe(wellFormed(s) && noControls);
      }),
    );
  });

  it('keeps a pair of surrogates (an emoji) and line breaks where they belong', () => {
    expect(plainText(10).safeParse('Ann 😀').success).toBe(true);
    expect(firstMessage(plainText(10).safeParse('Ann\nLee'))?.message).toBe(textMessages.control);
    expect(freeText(40).safeParse('Two bottles:\n\tred\r\n\twhite').success).toBe(true);
    expect(firstMessage(freeText(40).safeParse('Two\u0000bottles'))?.message).toBe(textMessages.control);
    expect(firstMessage(freeText(40).safeParse('\ud83d'))?.message).toBe(textMessages.broken);
  });

  it('refuses a NUL in every field of the profile and in an email', () => {
    const profile = {
      firstname: 'Ann',
      lastname: 'Lee',
      cellphone: '',
      address: '',
      address2: '',
      city: '',
      state: '',
      zip: '60601',
    };
    for (const field of Object.keys(profile)) {
      expect(firstMessage(saveProfileRequest.safeParse({ ...profile, [field]: 'a\u0000' })), field).toEqual({
        path: field,
        message: textMessages.control,
      });
    }
  });
});

describe('amounts within the bid cap', () => {
  it('takes every amount up to the cap, and refuses every one above it in one sentence', () => {
    const bid = moneyIn('bid', BID_CAP, bidMessages.aboveCap());
    fc.assert(
      fc.property(fc.integer({ min: 0, max: BID_CAP }), (cents) => {
        expect(bid.parse(cents / 100)).toBe(cents);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: BID_CAP / 100 + 0.01, max: Number.MAX_VALUE, noNaN: true }), (dollars) => {
        const issue = bid.safeParse(dollars).error?.issues[0];
        expect(issue).toMatchObject({ message: 'Bids cannot be above $1,000,000.00.', params: { sentence: true } });
      }),
    );
  });

  it('refuses billion-dollar and astronomical increments, which were stored before', () => {
    for (const increment of [1e9, 1e17, 1e308, 1_000_000.01]) {
      const auto = submitBidRequest.safeParse({ eventcode: 'gala', itemid: 1, autobid: true, maxbid: 100, increment });
      expect(auto.error?.issues[0]?.message).toBe(bidMessages.incrementAboveCap());
      expect(
        maxBidRequest.safeParse({ eventcode: 'gala', itemid: 1, maxbid: 100, increment }).error?.issues[0]?.message,
      ).toBe('The bid increment cannot be above $1,000,000.00.');
    }
    expect(
      maxBidRequest.parse({ eventcode: 'gala', itemid: 1, maxbid: 1_000_000, increment: 1_000_000 }),
    ).toMatchObject({ maxbid: BID_CAP, increment: BID_CAP });
  });

  it('bounds the import’s prices by the cap and its goal by the order total', () => {
    const doc = (item: object, goal = 0) => ({
      organization: { auctioncode: 'demo', name: 'Test' },
      event: {
        eventcode: 'gala',
        eventname: 'Gala',
        eventopens: '2026-12-05T17:00:00-06:00',
        biddingopens: '2026-12-05T18:00:00-06:00',
        biddingcloses: '2026-12-05T21:00:00-06:00',
        eventcloses: '2026-12-05T23:00:00-06:00',
        display: { goal },
      },
      items: [{ itemnum: '1', name: 'Wine', startingbid: 50, minimumbidincrease: 5, ...item }],
    });
    expect(zodProblems(importDocument.safeParse(doc({ minimumbidincrease: 1e9 })).error ?? new z.ZodError([]))).toEqual(
      [{ path: 'items[0].minimumbidincrease', message: 'must be at most $1,000,000.00' }],
    );
    expect(importDocument.safeParse(doc({}, 2_500_000)).success).toBe(true);
  });
});

describe('a missing bid amount is asked for', () => {
  it('asks for the amount, not for two decimals', () => {
    expect(submitBidRequest.safeParse({ eventcode: 'gala', itemid: 1 }).error?.issues[0]).toMatchObject({
      path: ['bid'],
      message: 'Please enter your bid amount.',
      params: { sentence: true },
    });
    expect(submitBidRequest.safeParse({ eventcode: 'gala', itemid: 1, autobid: true }).error?.issues[0]).toMatchObject({
      path: ['maxbid'],
      message: 'Please enter your maximum bid.',
    });
    expect(submitBidRequest.safeParse({ eventcode: 'gala', itemid: 1, bid: 10.001 }).error?.issues[0]?.message).toBe(
      'The bid must have at most two decimals.',
    );
  });

  it('needs no amount for Buy It Now, and takes a bid as the maximum of an automatic bid', () => {
    expect(submitBidRequest.safeParse({ eventcode: 'gala', itemid: 1, buyitnow: true }).success).toBe(true);
    expect(submitBidRequest.safeParse({ eventcode: 'gala', itemid: 1, autobid: true, bid: 100 }).success).toBe(true);
  });
});

describe('names of only invisible characters are empty', () => {
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
        '\u180e',
        '\t',
      ),
      { maxLength: 8 },
    )
    .map((a) => a.join(''));

  it('sees nothing in invisible characters, and sees any letter among them', () => {
    fc.assert(
      fc.property(invisible, (s) => {
        expect(hasVisibleText(s)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(invisible, fc.constantFrom('A', 'é', '李', '😀', '0', '.'), invisible, (a, letter, b) => {
        expect(hasVisibleText(a + letter + b)).toBe(true);
      }),
    );
  });

  it('refuses them with the words of an empty name, in the profile, the setup wizard, the store and guest registration', () => {
    expect(profileErrors({ firstname: '\u200b\u200b', lastname: '\u2060', cellphone: '', zip: '60601' })).toEqual({
      firstname: 'Firstname is invalid.',
      lastname: 'Lastname is invalid.',
    });
    expect(setupStepOneErrors({ firstname: '\ufeff', lastname: 'Lee', zip: '60601' })).toEqual({
      firstname: 'First name is required.',
    });
    const billing = {
      first: '\u200b',
      last: 'Lee',
      address: '1 Main St',
      city: 'Chicago',
      state: 'IL',
      zip: '60601',
      email: 'ann@example.org',
    };
    const ctx = { total: 100, method: 'BILLME' as const, hasCardToken: false, requiredemail: true, requiredzip: true };
    expect(checkoutProblem(billing, ctx)).toBe(storeMessages.firstRequired);
    const first = {
      fieldid: 1,
      fieldlabel: 'First Name',
      fieldcontrol: FIELD_CONTROL.text,
      fieldrequired: true,
      fieldreadonly: false,
      fieldtextlength: 50,
    };
    expect(fieldProblem(first, '\u200b\u200c')).toBe('First Name is required.');
    expect(storedValueOf(first, ' \u200b ', new Set())).toEqual({ value: '' });
    expect(storedValueOf(first, ' Bo ', new Set())).toEqual({ value: 'Bo' });
  });
});

describe('a zip looks like a postal code', () => {
  it('takes postal codes as people write them', () => {
    for (const zip of ['60601', '60601-1234', 'K1A 0B1', 'SW1A 1AA', '101', ' 60601 '])
      expect(isPostalCode(zip), zip).toBe(true);
    fc.assert(
      fc.property(fc.stringMatching(/^\d{5}(-\d{4})?$/), (zip) => {
        expect(isPostalCode(zip)).toBe(true);
      }),
    );
  });

  it('refuses NaN and its kind with the spec’s words', () => {
    for (const zip of ['NaN', 'null', 'undefined', 'Infinity', '12', '-----', '60601!', 'ABCDE', '\u200b60601'])
      expect(isPostalCode(zip), zip).toBe(false);
    expect(profileErrors({ firstname: 'Ann', lastname: 'Lee', cellphone: '', zip: 'NaN' })).toEqual({
      zip: 'zip is invalid.',
    });
    expect(profileErrors({ firstname: 'Ann', lastname: 'Lee', cellphone: '3125550199', zip: 'NaN' })).toEqual({
      zip: 'zip is invalid.',
    });
    expect(profileErrors({ firstname: 'Ann', lastname: 'Lee', cellphone: '3125550199', zip: '' })).toEqual({});
    const billing = {
      first: 'Ann',
      last: 'Lee',
      address: '1 Main St',
      city: 'Chicago',
      state: 'IL',
      zip: 'NaN',
      email: 'ann@example.org',
    };
    expect(
      checkoutProblem(billing, {
        total: 100,
        method: 'BILLME',
        hasCardToken: false,
        requiredemail: true,
        requiredzip: false,
      }),
    ).toBe(storeMessages.zipInvalid);
  });
});

describe('notification rows', () => {
  it('refuses a row listed twice, naming the row and where it was first', () => {
    const notifications = [
      { notificationrowid: 3, flags: { email: true } },
      { notificationrowid: 1, flags: {} },
      { notificationrowid: 3, flags: { email: false } },
    ];
    const r = saveProfileRequest.safeParse({ firstname: 'Ann', lastname: 'Lee', notifications });
    expect(zodProblems(r.error ?? new z.ZodError([]))).toEqual([
      { path: 'notifications[2].notificationrowid', message: 'repeats notification row 3 of notifications[0]' },
    ]);
  });

  it('takes every list of distinct rows', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { maxLength: 20 }), (ids) => {
        const notifications = ids.map((notificationrowid) => ({ notificationrowid, flags: { email: true } }));
        expect(saveProfileRequest.safeParse({ firstname: 'Ann', lastname: 'Lee', notifications }).success).toBe(true);
      }),
    );
  });
});
