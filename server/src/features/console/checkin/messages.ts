import { phoneDigits } from '@gavel/domain';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { outbox } from '../../../db/schema';
import { mailRow, textRow } from '../../../mail/outbox';
import { type MailBrand, type MailMessage, message } from '../../../mail/templates';
import type { Tenant } from '../../../tenancy';
import { newLink } from '../../accounts/links-service';
import type { ConsoleBidderRow } from '../bidders/queries';

/**
 * What the check-in desk sends a bidder: a walk-up's welcome with their sign-in link, or a link to
 * add a card on their own phone. Each goes by email and, when the account has a cell phone, by
 * text: the bidder gave the number at the desk to get this very message, so it is sent whatever
 * their notice settings say (those are about item notices). Each channel gets its own one-time
 * sign-in link, so following one does not spend the other. A sign-in link proves the mailbox or
 * phone (links-service.ts proveMailbox), so a desk-added bidder is verified once they follow it.
 */
export type DeskLink = 'welcome' | 'card';

/** The bidder app's card page (web/src/routes.tsx), where the card link lands once signed in. */
const cardPage = (eventcode: string) => `/${eventcode}/account-update-payment-method`;

/** The web's link page goes on to `then` (VerifyLink.tsx), a path of the event only. */
const landingOn = (url: string, then: string) => `${url}?then=${encodeURIComponent(then)}`;

function welcomeMail(brand: MailBrand, number: number, url: string): MailMessage {
  return message(brand, {
    subject: `You are bidder ${number} at ${brand.eventname}`,
    heading: `Welcome! You are bidder ${number}`,
    blocks: [
      `You are checked in to ${brand.eventname} as bidder ${number}. Tap the button to sign in on your phone and bid.`,
    ],
    buttons: [{ label: 'Sign In Now', url }],
    footer: 'The sign-in link works once within 30 minutes. The check-in desk can send you another.',
  });
}

function cardMail(brand: MailBrand, url: string): MailMessage {
  return message(brand, {
    subject: `Add your card for ${brand.eventname}`,
    heading: 'Add a card to bid and check out',
    blocks: [
      `The check-in desk sent you this link to add your card for ${brand.eventname}. Tap the button to sign in and add it on your phone: checking out is then one tap.`,
    ],
    buttons: [{ label: 'Add My Card', url }],
    footer: 'The link works once within 30 minutes. The check-in desk can send you another.',
  });
}

function textOf(kind: DeskLink, eventname: string, number: number, url: string): string {
  if (kind === 'welcome') return `${eventname}: you are bidder ${number}. Sign in to bid: ${url}`;
  return `${eventname}: add your card to bid and check out fast: ${url}`;
}

/**
 * Queues the desk's message to a bidder in the caller's transaction (so it exists only if the
 * change that sent it committed). Answers the channels it went by, for the desk's sentence.
 */
export async function queueDeskLink(
  tx: Tx,
  ctx: AppContext,
  { tenant, row, kind }: { tenant: Tenant; row: ConsoleBidderRow; kind: DeskLink },
): Promise<Array<'email' | 'text'>> {
  const mailing = {
    tenant,
    accountId: row.accountId,
    kind: 'login' as const,
    now: ctx.clock(),
    origin: ctx.site.originOf(tenant.organization.auctioncode),
  };
  const land = (url: string) => (kind === 'card' ? landingOn(url, cardPage(tenant.event.eventcode)) : url);
  const brand = { eventname: tenant.event.eventname, organizationname: tenant.organization.name };
  const recipient = { organizationId: tenant.organization.id, eventId: tenant.event.id };
  const number = row.bidderdisplaynumber;
  const mailUrl = land(await newLink(tx, mailing));
  const rows = [
    mailRow(
      { ...recipient, to: row.email },
      kind === 'welcome' ? welcomeMail(brand, number, mailUrl) : cardMail(brand, mailUrl),
    ),
  ];
  const phone = phoneDigits(row.cellphone);
  if (phone.length === 10) {
    const textUrl = land(await newLink(tx, mailing));
    rows.push(textRow({ ...recipient, to: phone }, textOf(kind, tenant.event.eventname, number, textUrl)));
  }
  await tx.insert(outbox).values(rows);
  return phone.length === 10 ? ['email', 'text'] : ['email'];
}
