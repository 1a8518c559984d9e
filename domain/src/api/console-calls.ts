import { consoleBidderCalls } from './calls/console-bidders';
import { consoleEventCalls } from './calls/console-events';
import { consoleItemCalls } from './calls/console-items';
import { consoleStaffCalls } from './calls/console-staff';
import { consoleStoreCalls } from './calls/console-store';

/** The organizer console's calls (tag `console`): a map apart from the app's (see contracts.ts). */
export const consoleCalls = {
  ...consoleStaffCalls,
  ...consoleEventCalls,
  ...consoleItemCalls,
  ...consoleBidderCalls,
  ...consoleStoreCalls,
} as const;
