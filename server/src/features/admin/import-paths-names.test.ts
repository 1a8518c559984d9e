import { describe, expect, it } from 'vitest';
import type { ImportDocumentInput } from '@gavel/domain';
import { nameMessages, pathMessages } from '@gavel/domain';
import type { TestApp } from '../../test/harness';
import { galaDocument, galaRegistration, item, storeItem } from '../../test/documents';
import { useEmptiedApp } from '../../test/hooks';
import { expectImportRefused, importOk } from '../../test/import-fixtures';
import { tableDigests } from '../../reliability/fuzz-db';
import { auctionItems, events } from '../../db/schema';

/**
 * Security finding 12, replayed through the import: a path that leaves this site and a name of
 * only invisible characters are refused at their field, and nothing is imported.
 */

let t: TestApp;
useEmptiedApp(new Date('2026-12-06T01:00:00Z'), (app) => (t = app));

type Doc = ImportDocumentInput & { store: NonNullable<ImportDocumentInput['store']> };

/** The gala with something in every field that takes a path or a name. */
function fullDocument(): Doc {
  const doc = galaDocument({
    event: { logourl: '/media/1', sponsorurl: ['/media/2'] },
    items: [
      item('101', {
        name: 'Wine Tasting',
        imageurl: '/media/3',
        photos: ['/media/4'],
        donatedby: 'Vineyard',
        location: 'Hall',
      }),
    ],
    store: {
      header: 'Spring Gala Tickets',
      auctionlink: '/gala',
      tabs: [{ tabname: 'Tickets', heading: 'Tickets', image: '/media/5' }, { tabname: 'Cart' }],
      items: [storeItem('t1', { name: 'Single Ticket', section: 'Tickets', logourl: '/media/6' })],
      registration: galaRegistration(),
    },
  });
  return { ...doc, store: doc.store ?? {} };
}

/** Every field that takes a path on this site, with how to put a value in it. */
const PATH_FIELDS: Array<[string, (doc: Doc, path: string) => void]> = [
  ['event.logourl', (d, p) => (d.event.logourl = p)],
  ['event.sponsorurl[0]', (d, p) => (d.event.sponsorurl = [p])],
  [
    'items[0].imageurl',
    (d, p) => ((d.items ?? [])[0] = { ...(d.items ?? [])[0], itemnum: '101', name: 'Wine Tasting', imageurl: p }),
  ],
  [
    'items[0].photos[0]',
    (d, p) => ((d.items ?? [])[0] = { ...(d.items ?? [])[0], itemnum: '101', name: 'Wine Tasting', photos: [p] }),
  ],
  ['store.auctionlink', (d, p) => (d.store.auctionlink = p)],
  ['store.tabs[0].image', (d, p) => (d.store.tabs = [{ tabname: 'Tickets', image: p }])],
  ['store.items[0].logourl', (d, p) => (d.store.items = [storeItem('t1', { logourl: p })])],
];

const ATTACKS: Array<[string, string]> = [
  ['//evil.example', pathMessages.otherSite],
  ['/media/../../x', pathMessages.dots],
  ['/media/%2e%2e/x', pathMessages.dots],
  ['/%2fevil.example', pathMessages.otherSite],
  ['/\\evil.example', pathMessages.backslash],
];

describe('paths on this site', () => {
  it('imports the document with a path in every field', async () => {
    await importOk(t, fullDocument());
  });

  it.each(PATH_FIELDS)(
    'refuses a path that leaves the site in %s, with its path, and imports nothing',
    async (field, put) => {
      await importOk(t, fullDocument());
      for (const [path, message] of ATTACKS) {
        const doc = fullDocument();
        put(doc, path);
        await expectImportRefused(t, doc, [{ path: field, message }], () => tableDigests(t.ctx.db));
      }
      // Two backslashes: not a path at all, so the field says what it takes.
      const unc = fullDocument();
      put(unc, '\\\\evil.example\\x');
      const wrongForm =
        field === 'store.auctionlink'
          ? 'must be a path on this site (/...) or an https:// address'
          : 'must be a path on this server (/...), an https:// address, or a base64 data:image URL';
      await expectImportRefused(t, unc, [{ path: field, message: wrongForm }], () => tableDigests(t.ctx.db));
    },
  );
});

/** Every name people read, with how to put a value in it, and whether it may be left empty. */
const NAME_FIELDS: Array<[string, (doc: Doc, name: string) => void]> = [
  ['organization.name', (d, n) => (d.organization.name = n)],
  ['event.eventname', (d, n) => (d.event.eventname = n)],
  [
    'event.notificationrows[0].title',
    (d, n) => (d.event.notificationrows = [{ notificationrowid: 1, title: n, kind: 'outbid', flags: { email: true } }]),
  ],
  ['items[0].name', (d, n) => (d.items = [item('101', { name: n })])],
  ['items[0].donatedby', (d, n) => (d.items = [item('101', { donatedby: n })])],
  ['items[0].location', (d, n) => (d.items = [item('101', { location: n })])],
  ['store.header', (d, n) => (d.store.header = n)],
  ['store.buttons.event.label', (d, n) => (d.store.buttons = { event: { label: n } })],
  ['store.tabs[0].heading', (d, n) => (d.store.tabs = [{ tabname: 'Tickets', heading: n }])],
  ['store.items[0].name', (d, n) => (d.store.items = [storeItem('t1', { name: n })])],
  ['store.items[0].section', (d, n) => (d.store.items = [storeItem('t1', { section: n })])],
  ['store.registration.title', (d, n) => (d.store.registration = galaRegistration({ title: n }))],
  [
    'store.registration.fields[0].label',
    (d, n) => (d.store.registration = galaRegistration({ fields: [{ code: 'meal', label: n, control: 5 }] })),
  ],
  [
    'store.registration.fields[0].lookups[0]',
    (d, n) =>
      (d.store.registration = galaRegistration({
        fields: [{ code: 'meal', label: 'Meal', control: 2, lookups: [n] }],
      })),
  ],
];

describe('names people read', () => {
  it.each(NAME_FIELDS)('refuses %s of only invisible characters, and imports nothing', async (field, put) => {
    await importOk(t, fullDocument());
    for (const invisible of ['\u200b\u200b', ' \u2060\ufeff ', '\u202e', '\u3164']) {
      const doc = fullDocument();
      put(doc, invisible);
      await expectImportRefused(t, doc, [{ path: field, message: nameMessages.invisible }], () =>
        tableDigests(t.ctx.db),
      );
    }
  });

  it('still takes names with something to see, trimmed, and optional ones left empty', async () => {
    const doc = fullDocument();
    doc.event.eventname = '  Spring Gala \u200b';
    doc.items = [item('101', { name: 'Caf\u00e9 \u05e9\u05dc\u05d5\u05dd', donatedby: '', location: '  ' })];
    await importOk(t, doc);
    const [event] = await t.ctx.db.select({ eventname: events.eventname }).from(events);
    expect(event?.eventname).toBe('Spring Gala \u200b');
    const [row] = await t.ctx.db
      .select({ name: auctionItems.name, donatedby: auctionItems.donatedby, location: auctionItems.location })
      .from(auctionItems);
    expect(row).toEqual({ name: 'Caf\u00e9 \u05e9\u05dc\u05d5\u05dd', donatedby: '', location: '' });
  });
});
