import type { EventVenue } from '@gavel/domain';
import { inertText } from './inert-text';
import { venueFacts } from './receipt-parts';
import { type MailBrand, type MailMessage, message } from './templates';

/**
 * A guest's own link to their registration, sent once their seat has an email address. The
 * purchaser typed the guest's name, the group's name and their own billing name, and this mail
 * goes to an address they chose: each is made inert (no mail client links it), so the only link
 * is the server's `url`. The event's time and place (the organizer's) follow, when there is a venue.
 */
export function guestLinkMail(
  brand: MailBrand,
  g: { guestname: string; purchaser: string; groupname: string; title: string },
  url: string,
  venue: EventVenue | null,
): MailMessage {
  const guest = inertText(g.guestname);
  const purchaser = inertText(g.purchaser);
  const group = inertText(g.groupname);
  return message(brand, {
    subject: `Your registration for ${brand.eventname}`,
    heading: `You're on the guest list, ${guest}`,
    blocks: [
      `${purchaser} has added you as a guest at ${brand.eventname}${group ? ` (${group})` : ''}.`,
      ...venueFacts(venue),
      `Use the button below to check your ${g.title.toLowerCase()} details and add anything the organizer asks for, such as your meal choice.`,
    ],
    buttons: [{ label: 'Update My Registration', url }],
    footer: 'This link opens your registration only. If you were not expecting this, you can ignore this email.',
  });
}
