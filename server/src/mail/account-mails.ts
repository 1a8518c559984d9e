import { message, type MailBrand, type MailMessage } from './templates';

/**
 * To the owner of an email that already has an account, when someone tried to create another
 * account with it and a different password: it may have been them (a forgotten account), or
 * someone else. The sign-in link lets the owner in either way, and following it makes the account
 * theirs alone if it was never verified.
 */
export function accountAttemptMail(brand: MailBrand, loginUrl: string): MailMessage {
  return message(brand, {
    subject: `Someone tried to create an account with your email for ${brand.eventname}`,
    heading: 'Someone tried to create an account with your email',
    blocks: [
      `Someone tried to create a bidder account for ${brand.eventname} with this email address, but it already has an account. Nothing was changed.`,
      'If it was you, tap the button to sign in: no password needed. You can choose a new password in My Account.',
    ],
    buttons: [{ label: 'Sign In Now', url: loginUrl }],
    footer:
      'The sign-in link works once within 30 minutes. If it was not you, you can ignore this email: nobody can sign in to your account without your password or this email.',
  });
}
