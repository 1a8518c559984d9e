import type { APIRequestContext, APIResponse } from '@playwright/test';
import type { ImportDocumentInput } from '@gavel/domain';
import { emailedLink as kitEmailedLink, verifiedBidder, type BidderSession } from '../../testkit/bidders';
import { eventDocument, timesAround, type DocumentOverrides } from '../../testkit/documents';
import { bearer, expectOk, parseBody, type Reply, type Transport } from '../../testkit/transport';

/** Talks to the server under test the way an organizer or a phone would, for setting up journeys. */
export const ADMIN_TOKEN = 'e2e-admin-token-0123456789';

/** The kit's transport over Playwright's request context (its baseURL is the server under test). */
export function requestTransport(request: APIRequestContext): Transport {
  const reply = async (res: APIResponse): Promise<Reply> => ({
    status: res.status(),
    json: parseBody(await res.text()),
  });
  return {
    get: async (path, headers) => reply(await request.get(path, { headers })),
    post: async (path, body, headers) => reply(await request.post(path, { headers, data: body })),
    put: async (path, body, headers) => reply(await request.put(path, { headers, data: body })),
  };
}

/** Imports (or re-imports) an event document through the admin call. */
export async function importEvent(request: APIRequestContext, doc: ImportDocumentInput): Promise<void> {
  await expectOk('import', requestTransport(request).post('/api/admin/import', doc, bearer(ADMIN_TOKEN)));
}

/** A fresh event code per test run, so journeys never see each other's data. */
export function uniqueCode(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(0, 40);
}

/**
 * An email address of its own for a journey's bidder: the mailbox is searched by address, and two
 * journeys running side by side once made `ann-<the same millisecond>` and followed each other's link.
 */
export function uniqueEmail(who: string): string {
  return `${uniqueCode(`${who}-`)}@example.org`;
}

/** A small event with bidding open now and for two days; items default to one ordinary bid item, and the store to the store's defaults. */
export function testEvent(
  eventcode: string,
  over: Pick<DocumentOverrides, 'event' | 'items' | 'store'> = {},
): ImportDocumentInput {
  return eventDocument(timesAround(new Date(), { biddingcloses: 48, eventcloses: 72 }), {
    orgname: 'Riverbend Community Foundation',
    eventcode,
    eventname: `Test Gala ${eventcode}`,
    event: {
      homemessage: '<p>Welcome to our test gala.</p>',
      welcomemessage: '<p>Thanks for supporting us.</p>',
      ...over.event,
    },
    items: over.items,
    store: over.store,
  });
}

/** The path of the newest emailed link to `to` containing `part`, for page.goto. */
export async function emailedLink(request: APIRequestContext, to: string, part: string): Promise<string> {
  return new URL(await kitEmailedLink(requestTransport(request), to, part)).pathname;
}

/** A verified bidder with a finished profile, made through the API. */
export async function apiBidder(
  request: APIRequestContext,
  eventcode: string,
  email: string,
  firstname = 'Test',
): Promise<BidderSession> {
  return verifiedBidder(requestTransport(request), {
    eventcode,
    email,
    profile: { firstname, lastname: 'Bidder', zip: '60601', setupcomplete: true },
  });
}
