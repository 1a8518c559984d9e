import { z } from 'zod';
import { plainResponse } from '../accounts';
import { authorizeBidderRequest, backupResponse, importResponse } from '../admin';
import { contract } from '../contract';

/** Organizer calls of their own: the import, the backup and the authorization switch. */
export const adminCalls = {
  'POST /admin/import': contract({
    method: 'POST',
    path: '/admin/import',
    access: 'admin',
    tags: ['admin'],
    summary: 'Import or re-import an event document (see docs/import.md); all or nothing',
    body: z.unknown(),
    response: importResponse,
  }),
  'POST /admin/backup': contract({
    method: 'POST',
    path: '/admin/backup',
    access: 'admin',
    tags: ['admin'],
    summary:
      'Back up the embedded database and the kept secrets into one file in DATA_DIR/backups (npm run backup calls it while the server runs)',
    response: backupResponse,
  }),
  'POST /admin/bidders/authorize': contract({
    method: 'POST',
    path: '/admin/bidders/authorize',
    access: 'admin',
    tags: ['admin'],
    summary: "Allow or stop a bidder's bidding in an event",
    body: authorizeBidderRequest,
    response: plainResponse,
  }),
};
