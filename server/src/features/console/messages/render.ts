import {
  type Balance,
  emailParagraphs,
  fieldsIn,
  formatMoney,
  greetingName,
  type MergeField,
  type MergeValues,
  renderMerge,
  textMessage,
} from '@gavel/domain';
import { type MailMessage, message } from '../../../mail/templates';
import type { Tenant } from '../../../tenancy';
import type { Member } from './audience';

/** What a message's text asks for beyond the person: each costs a read or a write, made only when named. */
export interface Needs {
  balance: boolean;
  paylink: boolean;
  pickup: boolean;
}

export function needsOf(texts: string[]): Needs {
  const named = new Set(texts.flatMap(fieldsIn) as MergeField[]);
  return { balance: named.has('balance'), paylink: named.has('paylink'), pickup: named.has('pickup') };
}

/** The per-bidder values read or made for a message (bidders.id keys); missing ones are empty. */
export interface Extras {
  balances: Map<number, Balance>;
  payLinks: Map<number, string>;
  pickupCodes: Map<number, string>;
}

/** The event's pickup instructions, and a winner's pickup code. */
function pickupWords(tenant: Tenant, code: string | undefined): string {
  const instructions = tenant.event.pickupinstructions.trim();
  return [instructions, code ? `Your pickup code is ${code}.` : ''].filter(Boolean).join(' ');
}

export function mergeValuesOf(
  { tenant, origin }: { tenant: Tenant; origin: string },
  member: Member,
  extras: Extras,
): MergeValues {
  const bidderId = member.bidder?.bidderId;
  const due = bidderId === undefined ? 0 : (extras.balances.get(bidderId)?.due ?? 0);
  return {
    firstname: greetingName(member.firstname),
    number: member.bidder ? String(member.bidder.number) : '',
    balance: formatMoney(Math.max(0, due)),
    paylink: bidderId === undefined ? '' : (extras.payLinks.get(bidderId) ?? ''),
    pickup: pickupWords(tenant, member.bidder?.won && bidderId !== undefined ? extras.pickupCodes.get(bidderId) : ''),
    event: tenant.event.eventname,
    eventlink: `${origin}/${tenant.event.eventcode}`,
  };
}

/**
 * The email a person gets: the subject as the heading, the body's paragraphs, and a button for the
 * pay link or the event's address when the body names one (a button is what a phone's thumb finds).
 */
export function messageMail(
  tenant: Tenant,
  { subject, body }: { subject: string; body: string },
  values: MergeValues,
): MailMessage {
  const { event, organization } = tenant;
  const named = new Set(fieldsIn(body));
  const buttons = [
    ...(named.has('paylink') && values.paylink ? [{ label: 'Pay Now', url: values.paylink }] : []),
    ...(named.has('eventlink') ? [{ label: 'Open the Auction', url: values.eventlink }] : []),
  ];
  const heading = renderMerge(subject, values);
  return message(
    { eventname: event.eventname, organizationname: organization.name },
    {
      subject: heading,
      heading,
      blocks: emailParagraphs(renderMerge(body, values)),
      buttons,
      footer: `Sent by ${organization.name} about ${event.eventname}.`,
    },
  );
}

/** The text a person gets: the event's name, the body merged, and how to stop texts. */
export const messageText = (tenant: Tenant, body: string, values: MergeValues) =>
  textMessage(tenant.event.eventname, renderMerge(body, values));
