import { z } from 'zod';
import { freeText, INT4_MAX, plainText, rowId } from '../bounds';
import { codeSchema } from './common';
import { eventVenue } from './event';
import {
  FIELD_CONTROLS,
  type FieldControl,
  MAX_FIELD_NUMBER,
  MAX_GROUP_NAME,
  MAX_TEXT_LENGTH,
  NEW_REGISTRATION_ID,
} from '../registration/fields';

/**
 * Guest registration's calls (spec store-and-display.md, sections 3 and 7). The purchaser's and a
 * guest's emailed links are exchanged for a registration token (GET purchaserregistration/{id},
 * GET guestregistration/{id}); the store's Registration tab uses the checked-out cart's token.
 */

const id = rowId;

export const fieldControl = z
  .number()
  .int()
  .refine((n): n is FieldControl => FIELD_CONTROLS.includes(n as FieldControl));
/** A field's value on the wire: a boolean (yes/no), a lookup id, a number, dollars (currency) or text. */
export const fieldValue = z.union([
  z.boolean(),
  z.number().min(-MAX_FIELD_NUMBER).max(MAX_FIELD_NUMBER),
  z.string().max(MAX_TEXT_LENGTH),
]);
/** A value a caller saves: the same, its text free of control characters but for line breaks and tabs. */
const fieldValueIn = z.union([
  z.boolean(),
  z.number().min(-MAX_FIELD_NUMBER).max(MAX_FIELD_NUMBER),
  freeText(MAX_TEXT_LENGTH),
]);

export const guestField = z.object({
  fieldid: z.number().int(),
  fieldlabel: z.string(),
  fieldcontrol: fieldControl,
  fieldrequired: z.boolean(),
  fieldreadonly: z.boolean(),
  fieldtextlength: z.number().int(),
  fieldvalue: fieldValue.nullable(),
});
export type GuestField = z.infer<typeof guestField>;

export const guestLookup = z.object({
  lookupfieldid: z.number().int(),
  lookupid: z.number().int(),
  lookup: z.string(),
});
export type GuestLookup = z.infer<typeof guestLookup>;

export const existingGuest = z.object({ existingguestid: z.number().int(), existingguestname: z.string() });

export const guestSeat = z.object({
  guestid: z.number().int(),
  guestname: z.string(),
  guestislocked: z.boolean(),
  /** A person sits in the seat (an unnamed one shows 'Guest of {purchaser}'). */
  guestisnamed: z.boolean(),
  /** The seat's person has not answered every required field ('Answers needed'). */
  guestneedsanswers: z.boolean(),
});
export type GuestSeat = z.infer<typeof guestSeat>;

export const guestGroup = z.object({
  groupid: z.number().int(),
  groupname: z.string(),
  allowchangegroupname: z.boolean(),
  guests: z.array(guestSeat),
});
export type GuestGroup = z.infer<typeof guestGroup>;

/** When guests must be registered by, ISO-8601; '' when the event sets no deadline. */
const editDeadline = z.string();

/** GET storeguest: the purchaser's groups. */
export const storeGuestGroupsResponse = z.object({
  status: z.literal('success'),
  purchasername: z.string(),
  groups: z.array(guestGroup),
  editdeadline: editDeadline,
});
export type StoreGuestGroupsResponse = z.infer<typeof storeGuestGroupsResponse>;

/** POST storeguest: the edit dialog of one seat, showing its person, or another (registrationid), or a new one (-1). */
export const storeGuestRequest = z.object({
  guestid: id,
  registrationid: z.number().int().min(NEW_REGISTRATION_ID).max(INT4_MAX).optional(),
});

export const storeGuestResponse = z.object({
  status: z.literal('success'),
  guestid: z.number().int(),
  guestislocked: z.boolean(),
  guestlist: z.array(existingGuest),
  guestfieldslist: z.array(guestField),
  guestlookuplist: z.array(guestLookup),
  /** The person shown: the seat's, the one asked for, or -1 for a new one. */
  selectedregistrationid: z.number().int(),
});
export type StoreGuestResponse = z.infer<typeof storeGuestResponse>;

/** PUT storeguest: save a person into a seat. `unlock` is the dialog's edit-lock toggle, which lets read-only fields change. */
export const saveGuestRequest = z.object({
  guestid: id,
  registrationid: z.number().int().min(NEW_REGISTRATION_ID).max(INT4_MAX),
  guestfieldslist: z.array(z.object({ fieldid: id, value: fieldValueIn })).max(200),
  unlock: z.boolean().optional(),
});
export type SaveGuestRequest = z.infer<typeof saveGuestRequest>;

/**
 * PUT storeguest's answer. `linknotice` is there only when the guest was due a link (new to the
 * seat, a new email, or none yet) and it was not emailed because a cap was met: the save itself
 * stands, and the page says so beside the usual message.
 */
export const saveGuestResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  guestid: z.number().int(),
  guestname: z.string(),
  registrationid: z.number().int(),
  /** The guest's own link was emailed with this save ("Saved — Dana's link was emailed"). */
  linkemailed: z.boolean(),
  linknotice: z.string().optional(),
});

export const groupNameRequest = z.object({ groupid: id, groupname: plainText(MAX_GROUP_NAME * 4) });
export const groupNameResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  groupid: z.number().int(),
  groupname: z.string(),
});

/** The links' id, and the event the page is under (a link opens only in its own event). */
export const registrationLinkParams = z.object({ id: plainText(200).min(10) });
export const registrationLinkQuery = z.object({ eventcode: codeSchema.optional() });

export const purchaserRegistrationResponse = z.object({
  status: z.literal('success'),
  token: z.string(),
  groups: z.array(guestGroup),
  purchasertitle: z.string(),
  purchasername: z.string(),
  storeurl: z.string(),
  editdeadline: editDeadline,
});
export type PurchaserRegistrationResponse = z.infer<typeof purchaserRegistrationResponse>;

export const guestRegistrationResponse = z.object({
  status: z.literal('success'),
  token: z.string(),
  guestid: z.number().int(),
  guestislocked: z.boolean(),
  registrationtitle: z.string(),
  guestname: z.string(),
  groupname: z.string(),
  storeurl: z.string(),
  selectedregistrationid: z.number().int(),
  guestfieldslist: z.array(guestField),
  guestlookuplist: z.array(guestLookup),
  /** Where and when the event happens, for the guest page; null when the organizer gave none. */
  venue: eventVenue.nullable(),
});
export type GuestRegistrationResponse = z.infer<typeof guestRegistrationResponse>;

/** The organizer's seating list. */
export const adminRegistrationsQuery = z.object({
  eventcode: codeSchema,
  auctioncode: codeSchema.optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

export const adminSeat = z.object({
  guestid: z.number().int(),
  seat: z.number().int(),
  guestname: z.string(),
  email: z.string(),
  registrationid: z.number().int().nullable(),
  locked: z.boolean(),
  /** Each organizer field's answer in words, in the order of `fields`. */
  answers: z.array(z.string()),
});

export const adminGroup = z.object({
  groupid: z.number().int(),
  groupname: z.string(),
  itemname: z.string(),
  orderid: z.number().int(),
  purchaser: z.string(),
  purchaseremail: z.string(),
  seats: z.array(adminSeat),
});
export type AdminGroup = z.infer<typeof adminGroup>;

export const adminRegistrationsResponse = z.object({
  status: z.literal('success'),
  fields: z.array(z.object({ fieldid: z.number().int(), fieldlabel: z.string() })),
  groups: z.array(adminGroup),
});
export type AdminRegistrationsResponse = z.infer<typeof adminRegistrationsResponse>;

export const adminLockGuestRequest = z.object({
  eventcode: codeSchema,
  auctioncode: codeSchema.optional(),
  guestid: id,
  locked: z.boolean(),
});
