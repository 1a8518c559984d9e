import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './harness';
import { appWithEvents, mailbox, verifiedBidder } from './account-fixtures';

// The kit's bidder factory over app.inject: the same steps the end-to-end journeys take over HTTP.
describe('a verified bidder from the test kit', () => {
  let t: TestApp;
  const now = new Date('2026-12-01T18:00:00Z');
  beforeAll(async () => {
    t = await appWithEvents(now);
  });
  afterAll(async () => t.close());

  it('is created, verified by the emailed link, signed in and set up', async () => {
    const bidder = await verifiedBidder(t, {
      eventcode: 'gala',
      email: 'kit@example.org',
      profile: { firstname: 'Kit', lastname: 'Bidder', zip: '60601', setupcomplete: true },
    });
    expect((await mailbox(t))[0]?.to).toBe('kit@example.org');
    const profile = await t.app.inject({ method: 'GET', url: '/api/userprofile', headers: bidder.auth });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      userid: bidder.userid,
      email: 'kit@example.org',
      accountstatus: 'verified',
      firstname: 'Kit',
      setupcomplete: true,
    });
  });
});
