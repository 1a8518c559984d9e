import { z } from 'zod';
import { plainText } from '../bounds';
import { codeSchema } from './common';

/** What an import did (POST /admin/import). */
export const importResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  auctioncode: z.string(),
  eventcode: z.string(),
  eventcreated: z.boolean(),
  itemscreated: z.number(),
  itemsupdated: z.number(),
  itemsuntouched: z.number(),
});

/** A backup the server made of its embedded database (POST /admin/backup; npm run backup calls it). */
export const backupResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** The backup file's absolute path on the server's machine (in DATA_DIR/backups). */
  file: z.string(),
  bytes: z.number(),
  createdat: z.string(),
});

export const authorizeBidderRequest = z.object({
  eventcode: codeSchema,
  auctioncode: codeSchema.optional(),
  email: plainText(254).min(3),
  authorizebidder: z.boolean(),
});
