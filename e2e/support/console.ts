import { type APIRequestContext, type Page } from '@playwright/test';
import { emailedLink, TEST_PASSWORD } from '../../testkit/bidders';
import { bearer, expectOk, parseBody, stringField, type Reply, type Transport } from '../../testkit/transport';
import { ADMIN_TOKEN, requestTransport, uniqueCode } from './api';
import { expectAccessible, lookAt } from './page';

// Console journeys take their screenshots from here too.
export { lookAt };

/**
 * The organizer console in journeys: a fresh organization with a signed-in owner, more staff, and
 * a page opened signed in. Each organization lives at `http://<auctioncode>.localhost:PORT`
 * (Chromium resolves *.localhost; Node does not, so API calls go to the server's own address
 * with that Host header: `consoleCall`).
 *
 * Events for such an organization come from the usual import (`importEvent` in api.ts): build the
 * document with the organization's code (testkit's `eventDocument(times, { auctioncode, orgname })`);
 * the admin import takes the organization from the document, whatever the host. Give `orgname` the
 * organization's own name, or the import renames it.
 */

/** What the console keeps in local storage (web/src/console/session.ts). */
export const CONSOLE_SESSION_KEY = 'gavel.console';

export interface ConsoleSession {
  token: string;
  staff: { email: string; name: string; role: 'owner' | 'staff' | 'volunteer' };
}

export interface ConsoleStaffMember {
  email: string;
  password: string;
  token: string;
  /** For openConsole. */
  session: ConsoleSession;
}

export interface ConsoleOrganization {
  auctioncode: string;
  name: string;
  /** http://<auctioncode>.localhost:PORT: open console pages here. */
  origin: string;
  owner: ConsoleStaffMember;
}

export interface ConsoleCall {
  origin: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under the site, such as `/api/console/staff`, with any query string. */
  path: string;
  body?: object;
  /** A staff token; none for sign-in and links. */
  token?: string;
}

/** One API call to an organization's host: the status and the parsed body, whatever they are. */
export async function consoleCall(request: APIRequestContext, call: ConsoleCall): Promise<Reply> {
  const { host } = new URL(call.origin);
  const headers: Record<string, string> = { host, ...(call.token ? bearer(call.token) : {}) };
  const res = await request.fetch(call.path, {
    method: call.method,
    headers,
    ...(call.body === undefined ? {} : { data: call.body }),
  });
  return { status: res.status(), json: parseBody(await res.text()) };
}

/** consoleCall's body, or a thrown error naming the step when the answer is not 200. */
export async function consoleOk(request: APIRequestContext, step: string, call: ConsoleCall): Promise<unknown> {
  return expectOk(step, consoleCall(request, call));
}

function sessionOf(answer: unknown): ConsoleSession {
  const token = stringField(answer, 'token');
  const staff = (answer as { staff?: unknown }).staff;
  const role = stringField(staff, 'role');
  if (role !== 'owner' && role !== 'staff' && role !== 'volunteer') throw new Error(`unexpected role ${role}`);
  return { token, staff: { email: stringField(staff, 'email'), name: stringField(staff, 'name'), role } };
}

/** Accepts an emailed invitation link through the API: the name and password are set and a session starts. */
async function accept(
  request: APIRequestContext,
  link: string,
  { name, password }: { name: string; password: string },
): Promise<ConsoleSession> {
  const url = new URL(link);
  const secret = url.pathname.split('/').pop() ?? '';
  const answer = await consoleOk(request, 'accepting the invitation', {
    origin: url.origin,
    method: 'POST',
    path: `/api/console/invitations/${encodeURIComponent(secret)}`,
    body: { name, password },
  });
  return sessionOf(answer);
}

/** The newest invitation link mailed to `email` (the dev mailbox). */
export function invitationLink(request: APIRequestContext, email: string): Promise<string> {
  return emailedLink(requestTransport(request), email, '/console/invitation/');
}

/** A new organization made by the operator (POST /api/admin/organizations): its first owner is mailed an invitation. */
export async function operatorOrganization(
  request: APIRequestContext,
  { name = 'Riverbend Community Foundation', prefix = 'org' }: { name?: string; prefix?: string } = {},
): Promise<{ auctioncode: string; name: string; owneremail: string }> {
  const auctioncode = uniqueCode(prefix);
  const owneremail = `owner-${auctioncode}@example.org`;
  await expectOk(
    'creating the organization',
    requestTransport(request).post('/api/admin/organizations', { auctioncode, name, owneremail }, bearer(ADMIN_TOKEN)),
  );
  return { auctioncode, name, owneremail };
}

/**
 * A new organization made by the operator, whose owner has accepted the mailed invitation through
 * the API: signed in, password TEST_PASSWORD.
 */
export async function newOrganization(
  request: APIRequestContext,
  options: { name?: string; prefix?: string } = {},
): Promise<ConsoleOrganization> {
  const { auctioncode, name, owneremail: email } = await operatorOrganization(request, options);
  const link = await invitationLink(request, email);
  const session = await accept(request, link, { name: 'Olive Owner', password: TEST_PASSWORD });
  return {
    auctioncode,
    name,
    origin: new URL(link).origin,
    owner: { email, password: TEST_PASSWORD, token: session.token, session },
  };
}

/** A staff token by email and password (POST /api/console/login). */
export async function consoleToken(
  request: APIRequestContext,
  { origin, email, password }: { origin: string; email: string; password: string },
): Promise<string> {
  const answer = await consoleOk(request, 'console sign-in', {
    origin,
    method: 'POST',
    path: '/api/console/login',
    body: { email, password },
  });
  return stringField(answer, 'token');
}

/** Someone invited by the owner with `role`, who has accepted through the API (password TEST_PASSWORD). */
export async function addStaff(
  request: APIRequestContext,
  {
    origin,
    ownerToken,
    role,
    email = `${role}-${uniqueCode('s')}@example.org`,
    name = role === 'volunteer' ? 'Vera Volunteer' : role === 'owner' ? 'Otto Owner' : 'Sam Staff',
  }: { origin: string; ownerToken: string; role: ConsoleSession['staff']['role']; email?: string; name?: string },
): Promise<ConsoleStaffMember> {
  await consoleOk(request, `inviting ${email}`, {
    origin,
    method: 'POST',
    path: '/api/console/staff',
    body: { email, name, role },
    token: ownerToken,
  });
  const session = await accept(request, await invitationLink(request, email), { name, password: TEST_PASSWORD });
  return { email, password: TEST_PASSWORD, token: session.token, session };
}

/**
 * Opens a console page signed in: the session is put in the origin's local storage before the
 * page's scripts run (once per tab, so signing out in the page stays signed out).
 */
export async function openConsole(
  page: Page,
  { origin, path, session }: { origin: string; path: string; session: ConsoleSession },
): Promise<void> {
  await page.addInitScript(
    ({ key, value, at }) => {
      if (location.origin !== at || sessionStorage.getItem('gavel.e2e.console-set')) return;
      localStorage.setItem(key, value);
      sessionStorage.setItem('gavel.e2e.console-set', '1');
    },
    { key: CONSOLE_SESSION_KEY, value: JSON.stringify(session), at: origin },
  );
  await page.goto(`${origin}${path}`);
}

/** The console's three sizes: a laptop's (where it is mostly used), a tablet's and a phone's. */
export const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * The page at each of the three sizes, saved as `<name>-<size>.png` to look at, and checked by axe
 * at the laptop's and the phone's (the tablet's layout is CSS between the two, in the same DOM);
 * back at the size it had after. `phoneScreen` also saves the phone's screen as held
 * (`<name>-phone-screen.png`), for what stays at the foot of the screen while the page scrolls.
 */
export async function atEverySize(page: Page, name: string, { phoneScreen = false } = {}): Promise<void> {
  const before = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.evaluate(() => window.scrollTo(0, 0));
    if (size.name !== 'tablet') await expectAccessible(page);
    await lookAt(page, `${name}-${size.name}`);
    if (phoneScreen && size.name === 'phone') await lookAt(page, `${name}-phone-screen`, { fullPage: false });
  }
  if (before) await page.setViewportSize(before);
}

/** The kit's transport to an organization's host (Node does not resolve *.localhost: the Host header names it). */
export function organizationTransport(request: APIRequestContext, origin: string): Transport {
  const through = requestTransport(request);
  const host = { host: new URL(origin).host };
  return {
    get: (path, headers) => through.get(path, { ...headers, ...host }),
    post: (path, body, headers) => through.post(path, body, { ...headers, ...host }),
    put: (path, body, headers) => through.put(path, body, { ...headers, ...host }),
  };
}

/** A real PNG of one colour, drawn by the browser: what a camera or a computer would hand the page. */
export async function png(page: Page, color: string): Promise<Buffer> {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext('2d');
    if (g) {
      g.fillStyle = fill;
      g.fillRect(0, 0, 320, 240);
    }
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  }, color);
  return Buffer.from(base64, 'base64');
}

/**
 * Ten items as a spreadsheet exports them, with its own headings ("Title" is for the organizer to
 * map to the name); the third item's starting bid as given, in the sheet's row 4.
 */
export function itemSpreadsheet(third: string): Buffer {
  return Buffer.from(
    [
      'Item Number,Title,Starting Bid,Location,Description',
      ...Array.from(
        { length: 10 },
        (_, i) => `L${i + 1},Lot ${i + 1},${i === 2 ? third : `$${(i + 1) * 10}.00`},Silent B,"Lot ${i + 1}, donated"`,
      ),
    ].join('\r\n'),
  );
}
