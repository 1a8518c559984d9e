import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../accounts/validation';
import { tenantBody } from './common';

const email = z.string().trim().min(1, 'Email is required.').max(254, 'Email is too long.');
const password = z.string().min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH, 'Password is too long.');

export const accountStatus = z.enum(['verified', 'notverified', 'guest', 'exists', 'doesnotexist']);
export type AccountStatus = z.infer<typeof accountStatus>;

/** A bidder's choice per notification row: one flag per notification column value. */
export const userNotification = z.object({
  notificationrowid: z.number().int().min(1),
  rownumber: z.number().int().min(0).optional(),
  flags: z.record(z.string().max(40), z.boolean()),
});
export type UserNotification = z.infer<typeof userNotification>;

export const joinEmailRequest = tenantBody.extend({ email });
export const joinEmailResponse = z.object({
  status: z.literal('success'),
  accountstatus: z.enum(['exists', 'doesnotexist']),
});

export const loginRequest = tenantBody.extend({ email, password });
export const createAccountRequest = tenantBody.extend({ email, password });
export const guestLoginRequest = tenantBody;
export const forgotPasswordRequest = tenantBody.extend({ email });

/** What a signed-in session knows of its user: the login answer and the profile refresh. */
export const sessionUser = z.object({
  token: z.string(),
  accountstatus: accountStatus,
  setupcomplete: z.boolean(),
  userid: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  authorizebidder: z.boolean(),
  bidderdisplaynumber: z.number().int(),
  bidanonymously: z.boolean(),
  allowtexting: z.boolean(),
  cellphone: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  needscardtoregister: z.boolean(),
  showupdatepaymentmethod: z.boolean(),
  notifications: z.array(userNotification),
  eventcode: z.string(),
  auctioncode: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = sessionUser.extend({ status: z.literal('success'), message: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const guestLoginResponse = z.object({
  status: z.literal('success'),
  token: z.string(),
  accountstatus: z.literal('guest'),
  message: z.string(),
});
export type GuestLoginResponse = z.infer<typeof guestLoginResponse>;

export const plainResponse = z.object({ status: z.literal('success'), message: z.string() });
export type PlainResponse = z.infer<typeof plainResponse>;

export const verifyEmailRequest = z.object({ token: z.string().min(1).max(200) });
export const passwordResetRequest = z.object({ id: z.string().min(1).max(200), password });
export const userPasswordResetRequest = z.object({ password, auctioncode: z.string().optional() });

export const profileFields = z.object({
  firstname: z.string().max(100, 'First name is too long.'),
  lastname: z.string().max(100, 'Last name is too long.'),
  cellphone: z.string().max(40, 'Phone number is too long.').default(''),
  address: z.string().max(200, 'Address is too long.').default(''),
  address2: z.string().max(200, 'Address line 2 is too long.').default(''),
  city: z.string().max(100, 'City is too long.').default(''),
  state: z.string().max(2, 'State must be its two-letter code.').default(''),
  zip: z.string().max(20, 'Zip code is too long.').default(''),
  allowtexting: z.boolean().default(false),
  bidanonymously: z.boolean().default(false),
  notifications: z.array(userNotification).max(50).default([]),
});
/** PUT /api/userprofile. userid and eventcode are accepted as the spec sends them; the token decides. */
export const saveProfileRequest = profileFields.extend({
  userid: z.number().int().optional(),
  eventcode: z.string().optional(),
  /** The setup wizard's Finish marks setup complete. */
  setupcomplete: z.boolean().optional(),
});
export type SaveProfileRequest = z.input<typeof saveProfileRequest>;

export const profileResponse = sessionUser.omit({ token: true }).extend({ status: z.literal('success') });
export type ProfileResponse = z.infer<typeof profileResponse>;

export const loginLinkResponse = z.union([
  loginResponse,
  z.object({ status: z.literal('expired'), message: z.string() }),
]);
