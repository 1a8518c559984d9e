import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../accounts/validation';
import { int4, multiLine, oneLine, plainText, rowId } from '../bounds';
import { tenantBody } from './common';

const email = z.string().trim().min(1, 'Email is required.').max(254, 'Email is too long.').superRefine(oneLine);
const password = z
  .string()
  .min(1, 'Password is required.')
  .max(PASSWORD_MAX_LENGTH, 'Password is too long.')
  .superRefine(multiLine);

export const accountStatus = z.enum(['verified', 'notverified', 'guest', 'exists', 'doesnotexist']);
export type AccountStatus = z.infer<typeof accountStatus>;

/** A bidder's choice per notification row: one flag per notification column value. */
export const userNotification = z.object({
  notificationrowid: rowId,
  rownumber: z.number().int().min(0).max(1_000).optional(),
  flags: z.record(plainText(40), z.boolean()),
});
export type UserNotification = z.infer<typeof userNotification>;

/** A bidder's notification rows, each row once: a repeated row is refused by its id. */
const userNotifications = z
  .array(userNotification)
  .max(50)
  .superRefine((rows, ctx) => {
    const seen = new Map<number, number>();
    rows.forEach((row, i) => {
      const first = seen.get(row.notificationrowid);
      if (first === undefined) seen.set(row.notificationrowid, i);
      else
        ctx.addIssue({
          code: 'custom',
          path: [i, 'notificationrowid'],
          message: `repeats notification row ${row.notificationrowid} of notifications[${first}]`,
        });
    });
  });

export const joinEmailRequest = tenantBody.extend({ email });
export const joinEmailResponse = z.lazy(() =>
  z.object({
    status: z.literal('success'),
    accountstatus: z.enum(['exists', 'doesnotexist']),
  }),
);

export const loginRequest = tenantBody.extend({ email, password });
export const createAccountRequest = z.lazy(() => tenantBody.extend({ email, password }));
export const guestLoginRequest = tenantBody;
export const forgotPasswordRequest = tenantBody.extend({ email });

/** What a signed-in session knows of its user: the login answer and the profile refresh. */
const sessionUserObject = () =>
  z.object({
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
    /**
     * Whether the account has a password. An account claimed by its owner through an emailed link
     * has none until they choose one (the password set before its email was verified stopped working).
     */
    haspassword: z.boolean(),
  });
export const sessionUser = z.lazy(sessionUserObject);
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.lazy(() =>
  sessionUserObject().extend({ status: z.literal('success'), message: z.string() }),
);
export type LoginResponse = z.infer<typeof loginResponse>;

export const guestLoginResponse = z.lazy(() =>
  z.object({
    status: z.literal('success'),
    token: z.string(),
    accountstatus: z.literal('guest'),
    message: z.string(),
  }),
);
export type GuestLoginResponse = z.infer<typeof guestLoginResponse>;

export const plainResponse = z.object({ status: z.literal('success'), message: z.string() });
export type PlainResponse = z.infer<typeof plainResponse>;

/** The secret of an emailed link. */
const linkSecret = plainText(200).min(1);
export const verifyEmailRequest = z.lazy(() => z.object({ token: linkSecret }));
export const passwordResetRequest = z.object({ id: linkSecret, password });
export const userPasswordResetRequest = z.lazy(() => z.object({ password, auctioncode: plainText(100).optional() }));

export const profileFields = z.object({
  firstname: plainText(100, 'First name is too long.'),
  lastname: plainText(100, 'Last name is too long.'),
  cellphone: plainText(40, 'Phone number is too long.').default(''),
  address: plainText(200, 'Address is too long.').default(''),
  address2: plainText(200, 'Address line 2 is too long.').default(''),
  city: plainText(100, 'City is too long.').default(''),
  state: plainText(2, 'State must be its two-letter code.').default(''),
  zip: plainText(20, 'Zip code is too long.').default(''),
  allowtexting: z.boolean().default(false),
  bidanonymously: z.boolean().default(false),
  notifications: userNotifications.default([]),
});
/** PUT /api/userprofile. userid and eventcode are accepted as the spec sends them; the token decides. */
export const saveProfileRequest = z.lazy(() =>
  profileFields.extend({
    userid: int4.optional(),
    eventcode: plainText(100).optional(),
    /** The setup wizard's Finish marks setup complete. */
    setupcomplete: z.boolean().optional(),
  }),
);
export type SaveProfileRequest = z.input<typeof saveProfileRequest>;

export const profileResponse = z.lazy(() =>
  sessionUserObject()
    .omit({ token: true })
    .extend({ status: z.literal('success') }),
);
export type ProfileResponse = z.infer<typeof profileResponse>;

export const loginLinkResponse = z.lazy(() =>
  z.union([loginResponse, z.object({ status: z.literal('expired'), message: z.string() })]),
);
