import { z } from 'zod';

/** Every answer carries a status, and a message where there is one. */
export const apiStatus = z.enum(['success', 'failure', 'expired']);
export type ApiStatus = z.infer<typeof apiStatus>;

/** One problem with a request or an import document: where it is and what is wrong. */
export const problem = z.object({ path: z.string(), message: z.string() });
export type Problem = z.infer<typeof problem>;

/** The one error shape of the API. */
export const errorResponse = z.object({
  status: z.literal('failure').or(z.literal('expired')),
  message: z.string(),
  code: z.string(),
  errors: z.array(problem).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Event and organization codes: short, URL-safe, case-insensitive (stored lowercase). */
export const codeSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(40, 'must be at most 40 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'may hold only letters, digits, - and _')
  // An overwrite, not a transform, so the schema also encodes (the web client sends through it).
  .toLowerCase();

/** The tenancy pair most calls carry. auctioncode is optional: the host name supplies it. */
export const tenantBody = z.object({
  eventcode: codeSchema,
  auctioncode: codeSchema.optional(),
});
export type TenantBody = z.infer<typeof tenantBody>;
