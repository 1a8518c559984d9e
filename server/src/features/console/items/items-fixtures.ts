import { deflateSync } from 'node:zlib';
import { desc, eq } from 'drizzle-orm';
import type { ImportDocumentInput } from '@gavel/domain';
import { audit } from '../../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument, item } from '../../../test/documents';
import { createTestApp, type TestApp } from '../../../test/harness';

/** The console items tests' world: the kit's gala around `now` with three items, its staff of each role, another organization's owner, a bidder. */
export interface ItemsWorld {
  t: TestApp;
  owner: TestStaff;
  staffer: TestStaff;
  volunteer: TestStaff;
  otherOwner: TestStaff;
  bidder: TestBidder;
}

export const galaItems = (): NonNullable<ImportDocumentInput['items']> => [
  item('101', { name: 'Wine Tasting', location: 'Table 1', tags: 'wine, food', fairmarketvalue: 250 }),
  item('102', { name: 'Signed Ball', location: 'Table 2', quantity: 3 }),
  item('A-7', { name: 'Cabin Week', location: 'Table 1' }),
];

export async function itemsWorld(now: Date, items = galaItems()): Promise<ItemsWorld> {
  const t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now, { items }));
  await importEvent(t, eventDocument(now, { auctioncode: 'other', eventcode: 'spring' }));
  return {
    t,
    owner: await signedInStaff(t, { role: 'owner', name: 'Olive Owner' }),
    staffer: await signedInStaff(t, { role: 'staff', name: 'Sam Staff' }),
    volunteer: await signedInStaff(t, { role: 'volunteer' }),
    otherOwner: await signedInStaff(t, { role: 'owner', auctioncode: 'other', email: 'owner@other.org' }),
    bidder: await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' }),
  };
}

/** A console call sent as a script sends it: JSON bodies in dollars, raw, so bad input reaches the server as typed. */
export function send(
  t: TestApp,
  {
    method,
    path,
    headers,
    payload,
  }: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; headers: object; payload?: unknown },
) {
  return t.app.inject({
    method,
    url: `/api/console/events/gala${path}`,
    headers: { ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The audit entries of one kind, newest first. */
export async function auditOf(t: TestApp, kind: string) {
  return t.ctx.db.select().from(audit).where(eq(audit.kind, kind)).orderBy(desc(audit.id));
}

export async function auditCount(t: TestApp): Promise<number> {
  return (await t.ctx.db.select({ id: audit.id }).from(audit)).length;
}

/** The item numbers a bidder's phone lists. */
export async function bidderItemnums(t: TestApp, bidder: TestBidder): Promise<string[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auctionitems',
    headers: bidder.auth,
    payload: { eventcode: 'gala' },
  });
  const body: { auctionitems?: Array<{ itemnum: string }> } = res.json();
  return (body.auctionitems ?? []).map((i) => i.itemnum).sort();
}

/** A bid on an item by its id, as a phone places it. */
export function bidOn(t: TestApp, bidder: TestBidder, itemid: number, amount: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/submitbid',
    headers: bidder.auth,
    payload: { eventcode: 'gala', itemid, bid: amount },
  });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour, `width` x `height`, made here: small, and different for each colour. */
export function pngOf(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits a channel, RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  body: Buffer | string;
}

/** A multipart/form-data body, as a browser sends a form with files. */
export function multipart(parts: Part[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = '----gavel-test-boundary';
  const pieces: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    pieces.push(Buffer.from(head), Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body), Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(pieces), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
