import type { ConsoleArea } from '@gavel/domain';
import type { AppContext } from '../context';
import type { Tenant } from '../tenancy';
import { codesOf, type EventCodes } from './codes';

/**
 * Tells the console screens open on an event that one of the night's desks changed (a check-in, a
 * payment, a live sale...): they fetch what they show again. Sent after the change committed. The
 * message names the desk only, so nothing a volunteer may not see travels on it.
 */
export function publishConsole(ctx: AppContext, where: Tenant | EventCodes, area: ConsoleArea): void {
  const codes = 'event' in where ? codesOf(where) : where;
  ctx.live.toConsole(codes.auctioncode, codes.eventcode, { type: 'consolerefresh', area, ...codes });
}
