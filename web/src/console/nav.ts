import type { StaffRole } from '@gavel/domain';

/** One link of the console's menu, shown only to the roles that may use what it opens. */
export interface NavLink {
  /** Under the event's console (`/{eventcode}/console/<to>`), or a whole path for the organization's pages. */
  to: string;
  label: string;
  role: StaffRole;
  testId: string;
}

/** An event's pages. Volunteers see the lists read-only and the night's desks: check-in, checkout and pickup. */
export const EVENT_LINKS: NavLink[] = [
  { to: '', label: 'Overview', role: 'volunteer', testId: 'nav-overview' },
  { to: 'settings', label: 'Event settings', role: 'staff', testId: 'nav-settings' },
  { to: 'items', label: 'Items', role: 'volunteer', testId: 'nav-items' },
  { to: 'items/import', label: 'Import items', role: 'staff', testId: 'nav-import' },
  { to: 'store', label: 'Store', role: 'staff', testId: 'nav-store' },
  { to: 'board', label: 'Display board', role: 'staff', testId: 'nav-board' },
  { to: 'bidders', label: 'Bidders', role: 'volunteer', testId: 'nav-bidders' },
  { to: 'checkin', label: 'Check-in', role: 'volunteer', testId: 'nav-checkin' },
  { to: 'close', label: 'The close', role: 'staff', testId: 'nav-close' },
  { to: 'live', label: 'Live sales', role: 'staff', testId: 'nav-live' },
  { to: 'fund-a-need', label: 'Fund-a-need', role: 'staff', testId: 'nav-fund' },
  { to: 'desk', label: 'Checkout desk', role: 'volunteer', testId: 'nav-desk' },
  { to: 'charge-all', label: 'Charge all cards', role: 'owner', testId: 'nav-charge-all' },
  { to: 'pickup', label: 'Pickup', role: 'volunteer', testId: 'nav-pickup' },
  { to: 'reports', label: 'Reports', role: 'staff', testId: 'nav-reports' },
  { to: 'messages', label: 'Messages', role: 'staff', testId: 'nav-messages' },
  { to: 'printables', label: 'Printables', role: 'staff', testId: 'nav-printables' },
  { to: 'audit', label: 'Audit log', role: 'staff', testId: 'nav-audit' },
];

/** The organization's pages. */
export const ORGANIZATION_LINKS: NavLink[] = [
  { to: '/console', label: 'All events', role: 'volunteer', testId: 'nav-events' },
  { to: '/console/staff', label: 'Staff', role: 'owner', testId: 'nav-staff' },
  { to: '/console/texting', label: 'Text messages', role: 'owner', testId: 'nav-texting' },
  { to: '/console/audit', label: 'Audit log', role: 'staff', testId: 'nav-org-audit' },
];

/** The path of an event's console page. */
export function eventPath(eventcode: string, to = ''): string {
  return `/${encodeURIComponent(eventcode)}/console${to ? `/${to}` : ''}`;
}
