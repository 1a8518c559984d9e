import { z } from 'zod';
import { isDeliverableEmail, newPassword, PASSWORD_MAX_LENGTH } from '../accounts/validation';
import { multiLine, nameText, optionalNameText, plainText, rowId } from '../bounds';
import { STAFF_ROLES } from '../console/roles';
import { codeSchema } from './common';

/**
 * The console's staff calls: sign-in (password or emailed link), invitations, the staff list, the
 * operator's new organization, and the audit log.
 */

export const staffRole = z.enum(STAFF_ROLES, 'must be owner, staff or volunteer');

/** An email typed to sign in: anything non-empty (an unknown one is refused like a wrong password). */
const signInEmail = plainText(254, 'Email is too long.').trim().min(1, 'Email is required.');
/** An email we will mail an invitation to: it must look deliverable. */
const staffEmail = signInEmail.refine(isDeliverableEmail, 'Please enter a valid email address.');
const signInPassword = z
  .string()
  .min(1, 'Password is required.')
  .max(PASSWORD_MAX_LENGTH, 'Password is too long.')
  .superRefine(multiLine);
/** A password being chosen: the bidders' rule (accounts/validation.ts). */
const chosenPassword = newPassword.superRefine(multiLine);

/** Who a console session belongs to. */
export const consoleStaff = z.object({ email: z.string(), name: z.string(), role: staffRole });
export type ConsoleStaff = z.infer<typeof consoleStaff>;

/** A signed-in console session: the staff token and its staff member. */
export const consoleSessionResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  token: z.string(),
  staff: consoleStaff,
});
export type ConsoleSessionResponse = z.infer<typeof consoleSessionResponse>;

export const consoleLoginRequest = z.object({ email: signInEmail, password: signInPassword });
/** Ask for an emailed sign-in link or password link. */
export const consoleEmailRequest = z.object({ email: signInEmail });
export const consolePlainResponse = z.object({ status: z.literal('success'), message: z.string() });

/** An emailed link's secret, in the path. */
export const consoleLinkParams = z.object({ id: plainText(200).min(1, 'is required') });
/** What an invitation link opens to, before it is accepted. */
export const invitationResponse = z.object({
  status: z.literal('success'),
  organization: z.object({ auctioncode: z.string(), name: z.string() }),
  email: z.string(),
  name: z.string(),
  role: staffRole,
  expires: z.string(),
});
export const consoleResetRequest = z.object({ password: chosenPassword });
export const consoleInvitationRequest = z.object({
  name: nameText(100),
  password: chosenPassword,
});

/** The operator's new organization with its first owner (POST /admin/organizations). */
export const createOrganizationRequest = z.object({
  auctioncode: codeSchema,
  name: nameText(200),
  owneremail: staffEmail,
});
export const createOrganizationResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  auctioncode: z.string(),
  /** The invitation mailed to the owner (its link is only in the mail). */
  invitation: z.object({ email: z.string(), expires: z.string() }),
});

export const staffStatus = z.enum(['invited', 'active']);
export const staffMember = z.object({
  staffid: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRole,
  status: staffStatus,
  /** When the newest invitation link expires, for someone who has not accepted yet. */
  invitedExpires: z.string().optional(),
});
export type StaffMemberAnswer = z.infer<typeof staffMember>;
export const staffListResponse = z.object({ status: z.literal('success'), staff: z.array(staffMember) });

export const inviteStaffRequest = z.object({
  email: staffEmail,
  name: optionalNameText(100).default(''),
  role: staffRole,
});
export const staffChangeResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  staff: staffMember,
});
export const staffIdParams = z.object({ staffid: z.coerce.number<string>().pipe(rowId) });
export const changeRoleRequest = z.object({ role: staffRole });

export const consoleMeResponse = z.object({
  status: z.literal('success'),
  staff: consoleStaff.extend({ staffid: z.number().int() }),
  organization: z.object({ auctioncode: z.string(), name: z.string() }),
});
export type ConsoleMe = z.infer<typeof consoleMeResponse>;

/** How many entries one page of the audit log holds. */
export const AUDIT_PAGE_SIZE = 500;

export const auditQuery = z.object({
  eventcode: codeSchema.optional(),
  staffid: z.coerce.number<string>().pipe(rowId).optional(),
  kind: plainText(60).optional(),
  /** The next page: entries older than this id. */
  before: z.coerce.number<string>().pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).optional(),
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The name shown for who did it then (the operator is "Operator"). */
  actor: z.string(),
  staffid: z.number().int().nullable(),
  eventcode: z.string().nullable(),
  /** The zone the entry's time is shown in: its event's, else the default. */
  timezone: z.string(),
  kind: z.string(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryAnswer = z.infer<typeof auditEntry>;
export const auditResponse = z.object({
  status: z.literal('success'),
  entries: z.array(auditEntry),
  /** Every kind in the log (of the event, when asked for one), for the filter. */
  kinds: z.array(z.string()),
  /** Everyone who has an entry there, for the filter. */
  people: z.array(z.object({ staffid: z.number().int(), name: z.string() })),
  /** The `before` of the next (older) page, when there is one. */
  more: z.number().int().nullable(),
});
export type AuditAnswer = z.infer<typeof auditResponse>;
