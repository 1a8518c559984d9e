import { consoleCheckinCalls } from './calls/console-checkin';
import { consoleCloseCalls } from './calls/console-close';
import { consoleLiveCalls } from './calls/console-live';
import { consoleDeskCalls } from './calls/console-desk';
import { consoleChargeAllCalls } from './calls/console-chargeall';
import { consolePickupCalls } from './calls/console-pickup';
import { consoleBidderCalls } from './calls/console-bidders';
import { consoleEventCalls } from './calls/console-events';
import { consoleItemCalls } from './calls/console-items';
import { consoleStaffCalls } from './calls/console-staff';
import { consoleStoreCalls } from './calls/console-store';
import { consoleReportsCalls } from './calls/console-reports';
import { consoleMessagesCalls } from './calls/console-messages';
import { consoleTextingCalls } from './calls/console-texting';
import { consolePrintablesCalls } from './calls/console-printables';

/** The organizer console's calls (tag `console`): a map apart from the app's (see contracts.ts). */
export const consoleCalls = {
  ...consoleStaffCalls,
  ...consoleEventCalls,
  ...consoleItemCalls,
  ...consoleBidderCalls,
  ...consoleStoreCalls,
  ...consoleCheckinCalls,
  ...consoleCloseCalls,
  ...consoleLiveCalls,
  ...consoleDeskCalls,
  ...consoleChargeAllCalls,
  ...consolePickupCalls,
  ...consoleReportsCalls,
  ...consoleMessagesCalls,
  ...consoleTextingCalls,
  ...consolePrintablesCalls,
} as const;
