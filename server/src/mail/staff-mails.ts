import { roleNames, STAFF_INVITATION_DAYS, type StaffRole } from '@gavel/domain';
import { message, type MailBrand, type MailMessage } from './templates';

/**
 * The console's mails to staff: an invitation, a one-time sign-in link and a new-password link.
 * They are branded with the organization (a console session is the organization's, not an event's).
 */

export function staffBrand(organizationname: string): MailBrand {
  return { eventname: organizationname, organizationname };
}

const ROLE_SENTENCE: Record<StaffRole, string> = {
  owner: 'As an owner you can set up events, manage the staff and the payment settings.',
  staff: 'As staff you can set up events, items, the store and bidders.',
  volunteer: 'As a volunteer you can work the desks on the night and read the lists.',
};

export function staffInvitationMail(
  brand: MailBrand,
  { url, role, invitedBy }: { url: string; role: StaffRole; invitedBy: string | null },
): MailMessage {
  const who = invitedBy ? `${invitedBy} invited you` : 'You are invited';
  return message(brand, {
    subject: `You are invited to the ${brand.organizationname} auction console`,
    heading: 'Join the auction console',
    blocks: [
      `${who} to the Gavel console of ${brand.organizationname} as ${roleNames[role].toLowerCase()}. ${ROLE_SENTENCE[role]}`,
      'Tap the button to choose your name and password.',
    ],
    buttons: [{ label: 'Accept the Invitation', url }],
    footer: `This link works once within ${STAFF_INVITATION_DAYS} days. If you did not expect it, you can ignore this email.`,
  });
}

export function staffSignInMail(brand: MailBrand, url: string): MailMessage {
  return message(brand, {
    subject: `Your sign-in link for the ${brand.organizationname} console`,
    heading: 'Sign in to the console',
    blocks: ['You asked to sign in to the console without your password. Tap the button to sign in now.'],
    buttons: [{ label: 'Sign In Now', url }],
    footer: 'The link works once within 30 minutes. If you did not ask for it, you can ignore this email.',
  });
}

export function staffResetMail(brand: MailBrand, url: string): MailMessage {
  return message(brand, {
    subject: `Choose a new console password for ${brand.organizationname}`,
    heading: 'Choose a new password',
    blocks: [
      'Tap the button to choose a new password for the console. Once you do, every other console session of yours ends.',
    ],
    buttons: [{ label: 'Choose a New Password', url }],
    footer: 'The link works once within 1 hour. If you did not ask for it, you can ignore this email.',
  });
}
