import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPickupCode, PICKUP_CODE_ALPHABET } from '@gavel/domain';
import { outbox, pickupCodes } from '../../../db/schema';
import { makeBidder } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { failure } from '../../../test/harness';
import { pickupCodeOf } from '../../../lib/pickup-codes';
import { qrPng } from '../../../lib/qr-png';
import { type PickupWorld, pickupWorld } from './pickup-fixtures';

/** The pickup code: made once per bidder and event, on the receipt and the order history, and its QR image. */
let w: PickupWorld;
beforeAll(async () => {
  w = await pickupWorld();
});
afterAll(async () => w.t.close());

/** What a scanner reads off a PNG the server drew (one bit a pixel, grayscale, unfiltered rows). */
function scan(png: Buffer): string | null {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  const width = png.readUInt32BE(16);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = Math.ceil(width / 8) + 1;
  const rgba = new Uint8ClampedArray(width * width * 4);
  for (let y = 0; y < width; y++)
    for (let x = 0; x < width; x++) {
      const white = ((raw[y * stride + 1 + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
      rgba.fill(white ? 255 : 0, (y * width + x) * 4, (y * width + x) * 4 + 3);
      rgba[(y * width + x) * 4 + 3] = 255;
    }
  return jsQR(rgba, width, width)?.data ?? null;
}

const codeRows = async (bidderId: number) =>
  w.t.ctx.db.select().from(pickupCodes).where(eq(pickupCodes.bidderId, bidderId));

describe('a pickup code', () => {
  it('is made at checkout, six characters of the unambiguous alphabet, one per bidder', async () => {
    expect(isPickupCode(w.annCode)).toBe(true);
    expect(w.annCode).toMatch(new RegExp(`^[${PICKUP_CODE_ALPHABET}]{6}$`));
    expect(w.annCode).not.toMatch(/[01OIL]/);
    expect(w.bobCode).not.toBe(w.annCode);
    expect(await codeRows(w.ann.bidderId)).toHaveLength(1);
  });

  it('is made once: asked again, the same code', async () => {
    const again = await pickupCodeOf(w.t.ctx.db, {
      eventId: (await codeRows(w.ann.bidderId))[0]!.eventId,
      bidderId: w.ann.bidderId,
    });
    expect(again).toBe(w.annCode);
  });

  it('is made once when many ask at the same moment', async () => {
    const cy = await makeBidder(w.t, 'gala', 'cy@example.org', { firstname: 'Cy' });
    const eventId = (await codeRows(w.ann.bidderId))[0]!.eventId;
    const codes = await Promise.all(
      Array.from({ length: 8 }, () =>
        w.t.ctx.db.transaction((tx) => pickupCodeOf(tx, { eventId, bidderId: cy.bidderId })),
      ),
    );
    expect(new Set(codes).size).toBe(1);
    expect(await codeRows(cy.bidderId)).toHaveLength(1);
  });

  it("draws again when the code drawn is another bidder's in the event", async () => {
    const dee = await makeBidder(w.t, 'gala', 'dee@example.org', { firstname: 'Dee' });
    const eventId = (await codeRows(w.ann.bidderId))[0]!.eventId;
    // The first draw spells Ann's code, the next all 9s.
    const ann = [...w.annCode].map((c) => PICKUP_CODE_ALPHABET.indexOf(c));
    const draws = [...ann, ...Array(6).fill(PICKUP_CODE_ALPHABET.indexOf('9'))];
    const code = await pickupCodeOf(w.t.ctx.db, { eventId, bidderId: dee.bidderId }, () => draws.shift() ?? 0);
    expect(code).toBe('999999');
    expect((await codeRows(w.ann.bidderId))[0]?.code).toBe(w.annCode);
  });
});

describe('the receipt', () => {
  it('shows the code in large text and links its QR image, in the HTML and the text part', async () => {
    const mails = await w.t.ctx.db.select().from(outbox).where(eq(outbox.to, 'ann@example.org'));
    const receipt = mails.find((m) => m.subject.startsWith('Your receipt'));
    expect(receipt?.text).toContain(`Your pickup code: ${w.annCode}`);
    expect(receipt?.text).toContain('Show this code (or its QR code) at the pickup desk to collect your items.');
    expect(receipt?.html).toContain(`>${w.annCode}</p>`);
    expect(receipt?.html).toContain(
      `<img src="http://localhost:${w.t.config.port}/api/pickupqr?code=${w.annCode}" width="200" height="200" alt="QR code of pickup code ${w.annCode}"`,
    );
    // Bill Me receipts carry it too: the items are handed over once paid.
    const bobs = await w.t.ctx.db.select().from(outbox).where(eq(outbox.to, 'bob@example.org'));
    expect(bobs.find((m) => m.subject.startsWith('Your receipt'))?.text).toContain(`Your pickup code: ${w.bobCode}`);
  });

  it('is on the order history with its QR; not before there is an order', async () => {
    const res = await call(w.t.app, 'GET /myorders', undefined, { headers: w.ann.auth });
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.pickup).toEqual({
      code: w.annCode,
      qrurl: `http://localhost:${w.t.config.port}/api/pickupqr?code=${w.annCode}`,
    });
    const eve = await makeBidder(w.t, 'gala', 'eve@example.org', { firstname: 'Eve' });
    const none = await call(w.t.app, 'GET /myorders', undefined, { headers: eve.auth });
    if (!none.ok) throw new Error(none.failure.message);
    expect(none.answer).toEqual({ status: 'success', orderitems: [], payments: [] });
    expect(await codeRows(eve.bidderId)).toHaveLength(0);
  });
});

describe('GET /pickupqr', () => {
  it('draws the code as a PNG a scanner reads, kept by caches for good', async () => {
    const res = await w.t.app.inject({ method: 'GET', url: `/api/pickupqr?code=${w.annCode}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(scan(res.rawPayload)).toBe(w.annCode);
    expect(res.rawPayload.length).toBeLessThan(2_000);
  });

  it('reads a code as typed (small letters, a dash) and refuses any other text', async () => {
    const typed = await w.t.app.inject({
      method: 'GET',
      url: `/api/pickupqr?code=${w.annCode.slice(0, 3).toLowerCase()}-${w.annCode.slice(3)}`,
    });
    expect(scan(typed.rawPayload)).toBe(w.annCode);
    const other = await w.t.app.inject({ method: 'GET', url: '/api/pickupqr?code=https%3A%2F%2Fevil.example' });
    expect(other.statusCode).toBe(400);
    const message = 'code: is not a pickup code: 6 letters and digits, as on the receipt';
    expect(other.json()).toEqual(failure('bad_request', message, [{ path: 'code', message: message.slice(6) }]));
    expect((await w.t.app.inject({ method: 'GET', url: '/api/pickupqr' })).statusCode).toBe(400);
  });

  it('draws any text a scanner reads back (the helper itself)', () => {
    expect(scan(qrPng('ABC234'))).toBe('ABC234');
  });
});
