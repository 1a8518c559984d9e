import { expect, test, type Locator, type Page } from './support/test';
import { formatTimeWithZone } from '@gavel/domain';
import { eventDocument, timesAround } from '../testkit/documents';
import { apiBidder, importEvent, testEvent, uniqueCode } from './support/api';
import { expectAccessible, fill, openSignedIn, storedToken, tokenKey } from './support/page';

/**
 * The bidder app's shell and account screens (issue 9): not-found pages inside an event, one
 * session per event, the phone and texting rules, when bidding opens, password show/hide, and
 * the looks of the join form, the state picker, long emails and the privacy page.
 */
const gala = uniqueCode('shella');
const ball = uniqueCode('shellb');
const early = uniqueCode('shelle');
const doorsOpen = uniqueCode('shelld');
const stamp = Date.now();
const longEmail = (who: string) => `${who}.vanderbilt-worthington.${stamp}@riverbendcommunityfoundation.example.org`;

function notYetOpen(eventcode: string, hours: { eventopens: number; biddingopens: number }) {
  return eventDocument(timesAround(new Date(), { ...hours, biddingcloses: 48, eventcloses: 72 }), {
    orgname: 'Riverbend Community Foundation',
    eventcode,
    eventname: `Spring Gala ${eventcode}`,
    event: { preeventtext: '<p>Doors open soon.</p>' },
  });
}

test.beforeAll(async ({ request }) => {
  await importEvent(request, testEvent(gala));
  await importEvent(request, testEvent(ball));
  await importEvent(request, notYetOpen(early, { eventopens: 24, biddingopens: 26 }));
  await importEvent(request, notYetOpen(doorsOpen, { eventopens: -1, biddingopens: 2 }));
});

/** The lines an element's text is laid out on, as the bidder sees them. */
async function renderedLines(el: Locator): Promise<string[]> {
  return el.evaluate((node) => {
    const lines: string[] = [];
    let line = '';
    let top: number | null = null;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const chars = text.textContent ?? '';
      for (let i = 0; i < chars.length; i++) {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        if (top !== null && rect.top > top + 2) {
          lines.push(line);
          line = '';
        }
        top = rect.top;
        line += chars[i];
      }
    }
    lines.push(line);
    return lines;
  });
}

/** A long email is shown whole and wraps only after '@', before '.', or at a hyphen. */
async function expectEmailWrapsCleanly(el: Locator, email: string): Promise<void> {
  await expect(el).toHaveText(email);
  // Measured once the page has slid into place.
  await el.page().waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const lines = await renderedLines(el);
  expect(lines.join('')).toBe(email);
  expect(lines.length).toBeGreaterThan(1);
  for (let i = 0; i < lines.length - 1; i++) {
    const here = lines[i] ?? '';
    const next = lines[i + 1] ?? '';
    expect(
      here.endsWith('@') || here.endsWith('-') || next.startsWith('.'),
      `a break between '${here}' and '${next}'`,
    ).toBe(true);
  }
  const page = el.page();
  // Measured once the page has arrived: mid-slide (a slow machine) its box is still off to the side.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const box = await el.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= (page.viewportSize()?.width ?? 0)).toBe(true);
}

async function ionChecked(page: Page, testId: string): Promise<{ checked: boolean; disabled: boolean }> {
  return page.getByTestId(testId).evaluate((el) => ({
    checked: el.getAttribute('aria-checked') === 'true',
    disabled: el.classList.contains('checkbox-disabled'),
  }));
}

test.describe('unknown pages', () => {
  test("an unknown path inside an event shows that event's not-found page, with its header and a way home", async ({
    page,
  }) => {
    await page.goto(`/${gala}/nope`);
    const notFound = page.getByTestId('page-not-found');
    await expect(notFound.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(notFound.locator('.gavel-header')).toContainText(`Test Gala ${gala}`);
    await expect(page.getByText('Error: Event Not Found')).toHaveCount(0);
    await expectAccessible(page);
    await notFound.getByTestId('not-found-home').click();
    await expect(page).toHaveURL(new RegExp(`/${gala}$`));
    await expect(page.getByTestId('event-name')).toHaveText(`Test Gala ${gala}`);

    await page.goto(`/${gala}/auction-items/1/nope`);
    await expect(page.getByTestId('page-not-found').getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });

  test("a code that is no event, and the bare root, say 'Error: Event Not Found'", async ({ page }) => {
    for (const path of [`/no${gala}/nope`, `/no${gala}`, '/']) {
      await page.goto(path);
      await expect(page.getByText('Error: Event Not Found')).toBeVisible();
      await expect(page.getByText('Please check the link provided to you by the Organization')).toBeVisible();
      await expect(page.getByTestId('not-found-home')).toHaveCount(0);
    }
  });
});

test('a bidder signed in to two events keeps both sessions, and each page sends its own token', async ({
  page,
  request,
}) => {
  const onGala = await apiBidder(request, gala, `two-a-${stamp}@example.org`, 'Gia');
  const onBall = await apiBidder(request, ball, `two-b-${stamp}@example.org`, 'Bo');
  await openSignedIn(page, `/${gala}/my-account`, onGala.token);
  await expect(page.getByTestId('my-account-page')).toContainText(onGala.email);

  // Another event's link: not signed in there, and the first event's session stays.
  await page.goto(`/${ball}`);
  await expect(page.getByTestId('event-name')).toHaveText(`Test Gala ${ball}`);
  await expect(page.getByTestId('join-button')).toBeVisible();
  expect(await storedToken(page, gala)).toBe(onGala.token);
  await page.goto(`/${gala}/my-account`);
  await expect(page.getByTestId('my-account-page')).toContainText(onGala.email);

  // Signed in to both: each event's pages are its own bidder's.
  await page.evaluate(({ key, token }) => localStorage.setItem(key, token), {
    key: tokenKey(ball),
    token: onBall.token,
  });
  // The gala page is left first, so a call it still had on its way is not counted as the ball page's.
  await page.goto('about:blank');
  const sent: Array<{ url: string; auth: string }> = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) sent.push({ url: r.url(), auth: r.headers().authorization ?? '' });
  });
  await page.goto(`/${ball}/my-account`);
  await expect(page.getByTestId('my-account-page')).toContainText(onBall.email);
  expect(sent.filter((r) => r.auth !== '' && r.auth !== `Bearer ${onBall.token}`)).toEqual([]);
  expect(sent.some((r) => r.auth === `Bearer ${onBall.token}`)).toBe(true);
  await page.goto(`/${gala}/my-account`);
  await expect(page.getByTestId('my-account-page')).toContainText(onGala.email);

  // Logging out of one event leaves the other signed in.
  await page.getByTestId('my-account-page').getByTestId('menu-button').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(new RegExp(`/${gala}$`));
  expect(await storedToken(page, gala)).toBeNull();
  expect(await storedToken(page, ball)).toBe(onBall.token);
});

test.describe('profile and notifications', () => {
  test("the profile accepts '+1 (312) 555-0199' and saves the 10 digits", async ({ page, request }) => {
    const bidder = await apiBidder(request, gala, `plus1-${stamp}@example.org`, 'Cy');
    await openSignedIn(page, `/${gala}/account-profile`, bidder.token);
    await fill(page, 'cellphone', '+1 (312) 555-0199');
    await expect(page.getByTestId('cellphone').locator('input')).toHaveValue('(312) 555-0199');
    await page.getByTestId('allowtexting').click();
    await page.getByTestId('save-profile').click();
    await expect(page.getByText('Successfully saved your profile.')).toBeVisible();
    await expect(page.getByTestId('cellphone-error')).toHaveCount(0);
    const profile = await (await request.get('/api/userprofile', { headers: bidder.auth })).json();
    expect(profile).toMatchObject({ cellphone: '3125550199', allowtexting: true });
  });

  test('the Text column is unticked and disabled, with the reason, until the bidder gives a phone and agrees to texts', async ({
    page,
    request,
  }) => {
    const bidder = await apiBidder(request, gala, `notext-${stamp}@example.org`, 'Noa');
    await openSignedIn(page, `/${gala}/account-notifications`, bidder.token);
    await expect(page.getByTestId('notification-matrix')).toBeVisible();
    // The event's default rows ask for outbid texts; without a phone none are sent, and none are shown.
    await expect.poll(() => ionChecked(page, 'notify-1-email')).toEqual({ checked: true, disabled: false });
    await expect.poll(() => ionChecked(page, 'notify-1-text')).toEqual({ checked: false, disabled: true });
    await expect.poll(() => ionChecked(page, 'notify-2-text')).toEqual({ checked: false, disabled: true });
    await expect(page.getByTestId('texts-unavailable')).toContainText(
      'Add a cell phone and agree to texts to get text messages',
    );
    await expectAccessible(page);

    await page.getByTestId('add-phone-link').click();
    await fill(page, 'cellphone', '3125550177');
    await page.getByTestId('allowtexting').click();
    await page.getByTestId('save-profile').click();
    await expect(page.getByTestId('my-account-page')).toBeVisible();
    await page.getByTestId('notifications-link').click();
    await expect(page.getByTestId('texts-unavailable')).toHaveCount(0);
    await expect.poll(() => ionChecked(page, 'notify-1-text')).toEqual({ checked: true, disabled: false });
  });

  test('in setup, the Text column opens as soon as a phone is typed and texts are agreed to', async ({
    page,
    request,
  }) => {
    const bidder = await apiBidder(request, gala, `setuptext-${stamp}@example.org`, 'Sol');
    await openSignedIn(page, `/${gala}/setup-account`, bidder.token);
    await page.getByTestId('setup-next').click();
    await expect(page.getByTestId('notification-matrix')).toBeVisible();
    await expect.poll(() => ionChecked(page, 'notify-1-text')).toEqual({ checked: false, disabled: true });
    await fill(page, 'cellphone', '+1 312 555 0166');
    await expect(page.getByTestId('texts-unavailable')).toBeVisible();
    await page.getByTestId('allowtexting').click();
    await expect(page.getByTestId('texts-unavailable')).toHaveCount(0);
    await expect.poll(() => ionChecked(page, 'notify-1-text')).toEqual({ checked: true, disabled: false });
  });
});

test.describe('when bidding opens', () => {
  for (const [label, code, hours] of [
    ['the event is not open', early, 26],
    ['the event is open but bidding is not', doorsOpen, 2],
  ] as const) {
    test(`the home says when bidding opens while ${label}`, async ({ page, request }) => {
      const event = await (await request.post('/api/event', { data: { eventcode: code } })).json();
      expect(new Date(event.eventbiddingopen).getTime()).toBeGreaterThan(Date.now() + (hours - 1) * 3_600_000);
      await page.goto(`/${code}`);
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      await expect(page.getByTestId('bidding-opens')).toHaveText(
        `Bidding opens ${formatTimeWithZone(event.eventbiddingopen, zone)}`,
      );
      await expect(page.getByTestId('join-button')).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('an open event does not say it', async ({ page }) => {
    await page.goto(`/${gala}`);
    await expect(page.getByTestId('join-button')).toBeVisible();
    await expect(page.getByTestId('bidding-opens')).toHaveCount(0);
  });
});

test.describe('password fields', () => {
  async function expectToggle(page: Page, testId: string): Promise<void> {
    const input = page.getByTestId(testId).locator('input');
    const toggle = page.getByTestId(`${testId}-toggle`);
    await input.fill('open sesame');
    await expect(input).toHaveAttribute('type', 'password');
    await toggle.click();
    await expect(input).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-label', 'Hide password');
    // The field keeps its focus (on a phone, its keyboard stays up).
    await expect(input).toBeFocused();
    // Typing on keeps it shown.
    await input.pressSequentially('!');
    await expect(input).toHaveValue('open sesame!');
    await expect(input).toHaveAttribute('type', 'text');
    await toggle.click();
    await expect(input).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveAttribute('aria-label', 'Show password');
  }

  test('login, create account and the new-password screens show and hide the password', async ({ page, request }) => {
    const bidder = await apiBidder(request, gala, `eye-${stamp}@example.org`, 'Ike');
    await page.goto(`/${gala}`);
    await fill(page, 'join-email', bidder.email);
    await page.getByTestId('join-button').click();
    await expect(page.getByTestId('login-page')).toBeVisible();
    await expectToggle(page, 'login-password');
    await expectAccessible(page);

    await page.goto(`/${gala}`);
    await fill(page, 'join-email', `eye-new-${stamp}@example.org`);
    await page.getByTestId('join-button').click();
    await expect(page.getByTestId('create-account-page')).toBeVisible();
    await expectToggle(page, 'create-password');
    await expectToggle(page, 'create-confirm');

    await openSignedIn(page, `/${gala}/reset-password-account`, bidder.token);
    await expect(page.getByTestId('reset-password-account-page')).toBeVisible();
    await expectToggle(page, 'new-password');
    await expectToggle(page, 'confirm-password');
  });
});

test.describe('looks', () => {
  test('the join email field sits on the card with no pale box around it', async ({ page }) => {
    await page.goto(`/${gala}`);
    const field = page.getByTestId('join-email');
    await expect(field).toBeVisible();
    // Between the rounded field and the white card, nothing paints a background of its own.
    const painted = await field.locator('.gavel-input').evaluate((item) => {
      const out: string[] = [];
      for (let el = item.parentElement; el && !el.classList.contains('gavel-card'); el = el.parentElement) {
        const bg = getComputedStyle(el).backgroundColor;
        if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') out.push(`${el.tagName.toLowerCase()} ${bg}`);
      }
      return out;
    });
    expect(painted).toEqual([]);
  });

  test('the state picker is as wide as the other fields and its text starts where theirs does', async ({
    page,
    request,
  }) => {
    const bidder = await apiBidder(request, gala, `state-${stamp}@example.org`, 'Stu');
    await openSignedIn(page, `/${gala}/account-profile`, bidder.token);
    const zipBox = await page.getByTestId('zip').locator('.gavel-input').boundingBox();
    const stateBox = await page.getByTestId('state').locator('xpath=ancestor::label[1]').boundingBox();
    const zipText = await page.getByTestId('zip').locator('input').boundingBox();
    const stateText = await page.getByTestId('state').boundingBox();
    expect(
      stateBox && zipBox && Math.abs(stateBox.x - zipBox.x) <= 1 && Math.abs(stateBox.width - zipBox.width) <= 1,
    ).toBe(true);
    expect(stateBox && zipBox && Math.abs(stateBox.height - zipBox.height) <= 2).toBe(true);
    expect(stateText && zipText && Math.abs(stateText.x - zipText.x) <= 2).toBe(true);
    await page.getByTestId('state').selectOption('IL');
    await expect(page.getByTestId('state')).toHaveValue('IL');
  });

  test('long emails are shown whole and wrap after the @ or before a dot, never mid-word', async ({
    page,
    request,
  }) => {
    const email = longEmail('verify');
    const created = await (
      await request.post('/api/create', { data: { email, password: 'correct horse battery', eventcode: gala } })
    ).json();
    await openSignedIn(page, `/${gala}/verify-email`, created.token);
    await expectEmailWrapsCleanly(page.getByTestId('verify-email-address'), email);

    const bidder = await apiBidder(request, gala, longEmail('account'), 'Margaret');
    await page.evaluate(({ key, token }) => localStorage.setItem(key, token), {
      key: tokenKey(gala),
      token: bidder.token,
    });
    await page.goto(`/${gala}/my-account`);
    await expectEmailWrapsCleanly(page.getByTestId('account-email'), bidder.email);

    await page.evaluate(() => localStorage.clear());
    await page.goto(`/${gala}`);
    await fill(page, 'join-email', bidder.email);
    await page.getByTestId('join-button').click();
    await expectEmailWrapsCleanly(page.getByTestId('login-email'), bidder.email);
    await expectAccessible(page);
  });

  test('the privacy page shows its heading once', async ({ page }) => {
    await page.goto('/demo/privacy-policy');
    await expect(page.getByTestId('privacy-html')).toContainText('We never sell your information');
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toHaveCount(1);
    await expectAccessible(page);
  });
});
