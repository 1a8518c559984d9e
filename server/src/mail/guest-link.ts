import { type MailBrand, type MailMessage, message } from './templates';

/** A guest's own link to their registration, sent once their seat has an email address. */
export function guestLinkMail(brand: MailBrand, g: { guestname: string; purchaser: string; groupname: string; title: string }, url: string): MailMessage {
  return message(
    brand,
    `Your registration for ${brand.eventname}`,
    `You're on the guest list, ${g.guestname}`,
    [
      `${g.purchaser} has added you as a guest at ${brand.eventname} (${g.groupname}).`,
      `Use the button below to check your ${g.title.toLowerCase()} details and add anything the organizer asks for, such as your meal choice.`,
    ],
    [{ label: 'Update My Registration', url }],
    'This link opens your registration only. If you were not expecting this, you can ignore this email.',
  );
}
