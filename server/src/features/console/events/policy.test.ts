import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { asBody, consoleInject, everything, NOW, settingsOf } from './events-fixtures';

/** The test gateway in production (no ALLOW_TEST_PAYMENTS): the console keeps the import's policy. */
let t: TestApp;
let owner: TestStaff;
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://auction.example.org' }, NOW);
  owner = await signedInStaff(t, { role: 'owner' });
});
afterAll(async () => t?.close());

const fall = {
  eventcode: 'fall',
  eventname: 'Fall Fair',
  timezone: 'America/Chicago',
  eventopens: '2027-10-01T09:00:00-05:00',
  biddingopens: '2027-10-01T10:00:00-05:00',
  biddingcloses: '2027-10-02T20:00:00-05:00',
  eventcloses: '2027-10-02T22:00:00-05:00',
};

describe('on a server that takes no test payments', () => {
  it('creates an event with no card processor, then refuses the test gateway as the import does', async () => {
    const created = await consoleInject(t, 'POST', '/api/console/events', owner.headers, fall);
    expect(created.statusCode, created.body).toBe(200);
    const settings = await settingsOf(t, owner.headers, 'fall');
    expect(settings.event.paymentprocessorcode).toBe(0);
    const before = await everything(t);
    const res = await consoleInject(t, 'PUT', '/api/console/events/fall', owner.headers, {
      ...asBody(settings),
      paymentprocessorcode: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: 'paymentprocessorcode',
        message:
          'is 1: the test gateway, where no money moves, which this server does not take. Name Stripe (paymentprocessorcode 2 with processorpublickey and processorsecretkey), or 0 for Bill Me only; or, for a rehearsal, set ALLOW_TEST_PAYMENTS=true on the server.',
      },
    ]);
    expect(await everything(t)).toEqual(before);
  });
});
