import { z } from 'zod';
import {
  type EventSettingsAnswer,
  type EventSettingsFields,
  importEvent,
  instantFromZonedInput,
  NOTIFICATION_KINDS,
  plainMessage,
  zonedInputValue,
} from '@gavel/domain';
import { TIME_FIELDS, zonedTimes } from './eventForm';

/**
 * The settings form: every field of the import document's `event` as the screen holds it (times
 * as datetime-local values on the event's clock, numbers as typed, sponsor images one per line),
 * turned into the settings and checked by the import's own rules (importEvent) before they are sent.
 */
const notificationRow = z.object({
  notificationrowid: z.number(),
  title: z.string(),
  kind: z.string(),
  flags: z.record(z.string(), z.boolean()),
});

const formShape = z.object({
  eventcode: z.string(),
  eventname: z.string(),
  timezone: z.string(),
  logourl: z.string(),
  sponsorurl: z.string(),
  welcomemessage: z.string(),
  homemessage: z.string(),
  preeventtext: z.string(),
  contactus: z.string(),
  privacypolicy: z.string(),
  organizationphone: z.string(),
  organizationemail: z.string(),
  eventopens: z.string(),
  biddingopens: z.string(),
  biddingcloses: z.string(),
  eventcloses: z.string(),
  allowbillme: z.boolean(),
  allowpayccfees: z.boolean(),
  ccfeespercent: z.string(),
  eventallowanonymousbidding: z.boolean(),
  eventallowguestentry: z.boolean(),
  addressrequired: z.boolean(),
  ziprequired: z.boolean(),
  notificationcolumns: z.array(z.object({ title: z.string(), value: z.string() })),
  notificationrows: z.array(notificationRow),
  shownotificationsmenuitem: z.boolean(),
  extendedbiddingminutes: z.string(),
  extendedbiddinglatest: z.string(),
  paymentprocessorcode: z.string(),
  processorpublickey: z.string(),
  processorsecretkey: z.string(),
  processorwebhooksecret: z.string(),
  processoraccountid: z.string(),
  currency: z.string(),
  needscardtoregister: z.boolean(),
  needscardtobid: z.boolean(),
  pickupinstructions: z.string(),
  display: z.custom<EventSettingsFields['display']>(),
  hasvenue: z.boolean(),
  venue: z.object({ name: z.string(), address: z.string(), starts: z.string(), ends: z.string() }),
  legalname: z.string(),
  taxid: z.string(),
  receiptaddress: z.string(),
  receiptdisclosure: z.string(),
});
export type SettingsValues = z.input<typeof formShape>;

const local = (iso: string | undefined, zone: string) => (iso ? zonedInputValue(iso, zone) : '');

/** The form's values from the settings the server answered. */
export function settingsValues(e: EventSettingsAnswer): SettingsValues {
  const zone = e.timezone;
  return {
    ...e,
    logourl: e.logourl ?? '',
    sponsorurl: e.sponsorurl.join('\n'),
    eventopens: local(e.eventopens, zone),
    biddingopens: local(e.biddingopens, zone),
    biddingcloses: local(e.biddingcloses, zone),
    eventcloses: local(e.eventcloses, zone),
    ccfeespercent: String(e.ccfeespercent),
    extendedbiddingminutes: String(e.extendedbiddingminutes),
    extendedbiddinglatest: local(e.extendedbiddinglatest, zone),
    notificationrows: e.notificationrows.map((r) => ({ ...r, kind: r.kind ?? '' })),
    paymentprocessorcode: String(e.paymentprocessorcode),
    hasvenue: e.venue !== undefined,
    venue: {
      name: e.venue?.name ?? '',
      address: e.venue?.address ?? '',
      starts: local(e.venue?.starts, zone),
      ends: local(e.venue?.ends, zone),
    },
  };
}

/** Whether a secret is saved: the check then takes it as given (the server fills it in). */
export interface SavedSecrets {
  secret: boolean;
  webhook: boolean;
}

const isKind = (k: string): k is (typeof NOTIFICATION_KINDS)[number] =>
  (NOTIFICATION_KINDS as readonly string[]).includes(k);

/** A field's name in the form for a path of the import's problems (a sponsor image's is the list's). */
function fieldName(path: ReadonlyArray<PropertyKey>): string {
  if (path[0] === 'sponsorurl') return 'sponsorurl';
  return path.map(String).join('.');
}

/** The form's field for a problem the server answered (`notificationrows[1].title`). */
export function settingsField(path: string): string {
  return fieldName(path.replace(/\[(\d+)\]/g, '.$1').split('.'));
}

/** The form's schema: its values turned into the settings, with every problem of the import's rules at its field. */
export function settingsForm(saved: SavedSecrets) {
  return formShape.transform((v, ctx): EventSettingsFields => {
    const zone = v.timezone;
    const problem = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message, input: '' });
    const times = zonedTimes(v, zone, ctx);
    const at = (path: string[], value: string): string | undefined => {
      if (value.trim() === '') return undefined;
      const iso = instantFromZonedInput(value, zone);
      if (!iso) problem(path, 'must be a date and time');
      return iso ?? undefined;
    };
    const number = (path: string, value: string): number => {
      const n = Number(value.trim());
      if (value.trim() === '' || !Number.isFinite(n)) problem([path], 'must be a number');
      return n;
    };
    const latest = at(['extendedbiddinglatest'], v.extendedbiddinglatest);
    const venueStarts = v.hasvenue ? at(['venue', 'starts'], v.venue.starts) : undefined;
    if (v.hasvenue && !venueStarts && v.venue.starts.trim() === '') problem(['venue', 'starts'], 'is required');
    const venueEnds = v.hasvenue ? at(['venue', 'ends'], v.venue.ends) : undefined;
    const { hasvenue: _hasvenue, venue, ...fields } = v;
    const settings: EventSettingsFields = {
      ...fields,
      ...(times ?? Object.fromEntries(TIME_FIELDS.map((f) => [f, '']))),
      logourl: v.logourl.trim() || undefined,
      sponsorurl: v.sponsorurl
        .split(/\r?\n/)
        .map((s) => s.trim())
        .filter(Boolean),
      ccfeespercent: number('ccfeespercent', v.ccfeespercent),
      extendedbiddingminutes: number('extendedbiddingminutes', v.extendedbiddingminutes),
      extendedbiddinglatest: latest,
      notificationrows: v.notificationrows.map(({ kind, ...row }) => ({ ...row, ...(isKind(kind) ? { kind } : {}) })),
      paymentprocessorcode: v.paymentprocessorcode === '2' ? 2 : v.paymentprocessorcode === '1' ? 1 : 0,
      venue:
        v.hasvenue && venueStarts
          ? { name: venue.name, address: venue.address, starts: venueStarts, ...(venueEnds ? { ends: venueEnds } : {}) }
          : undefined,
    };
    if (ctx.issues.length > 0) return z.NEVER;
    // The server fills in a saved secret sent empty; the check takes it as there.
    const checked = importEvent.safeParse({
      ...settings,
      processorsecretkey: settings.processorsecretkey || (saved.secret ? 'sk_saved' : ''),
      processorwebhooksecret: settings.processorwebhooksecret || (saved.webhook ? 'whsec_saved' : ''),
    });
    if (checked.success) return settings;
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', path: fieldName(issue.path).split('.'), message: plainMessage(issue), input: '' });
    return z.NEVER;
  });
}
