import { z } from 'zod';
import { consoleInvitationRequest, consoleResetRequest } from '@gavel/domain';

/** A password typed twice: the request's own rules, then the two must match. */
const twice = <T extends { password: string; confirm: string }>(value: T) => value.password === value.confirm;
const mismatch = { message: 'The two passwords do not match.', path: ['confirm'] };

/** The invitation page's form: the request's name and password, and the password again. */
export const invitationForm = consoleInvitationRequest.extend({ confirm: z.string() }).refine(twice, mismatch);

/** The new-password page's form. */
export const resetForm = consoleResetRequest.extend({ confirm: z.string() }).refine(twice, mismatch);
