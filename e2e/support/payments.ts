import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { mailbox, type Mail } from '../../testkit/bidders';
import { requestTransport } from './api';

/** Helpers for the payment journeys: the hosted card form, purchases made through the API, amounts and receipts. */

/** The test gateway's hosted card form, inside the app's iframe. */
export function cardFrame(page: Page): FrameLocator {
  return page.frameLocator('[data-testid=card-frame]');
}

/** An expiry two years ahead, as MM/YY. */
export function futureExpiry(now = new Date()): string {
  return `12/${String((now.getFullYear() + 2) % 100).padStart(2, '0')}`;
}

export interface CardInput {
  number: string;
  expiry?: string;
  cvc?: string;
  zip?: string;
}

/**
 * The page has finished moving: while Ionic slides a page in, a tap lands on the page behind the
 * iframe rather than on the form inside it.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/**
 * Types a card into the hosted form. The form has no button of its own: the page's Pay, Checkout
 * or Save Card takes the card typed in, in the same tap.
 */
export async function typeCard(page: Page, card: CardInput): Promise<void> {
  const form = cardFrame(page);
  // The form's script lists the test cards once it runs; before that the page could not ask it for the card.
  await expect(form.getByTestId('test-card')).not.toHaveCount(0);
  await settled(page);
  for (const [field, value] of [
    ['card-number', card.number],
    ['card-expiry', card.expiry ?? futureExpiry()],
    ['card-cvc', card.cvc ?? '123'],
    ['card-zip', card.zip ?? '60601'],
  ] as const) {
    await form.getByTestId(field).fill(value);
    await expect(form.getByTestId(field)).toHaveValue(
      field === 'card-number' ? value.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 ') : value,
    );
  }
}

/** Types a whole card (any future expiry, a CVC and a ZIP) for the page's button to take. */
export async function enterCard(page: Page, number: string): Promise<void> {
  await typeCard(page, { number });
}

/** The hosted form is fresh: nothing typed, no card chosen (after a decline or a save). */
export async function expectFreshCardForm(page: Page): Promise<void> {
  const form = cardFrame(page);
  await expect(form.getByTestId('card-number')).toHaveValue('');
  await expect(form.getByTestId('card-number')).toBeVisible();
  await expect(form.getByTestId('card-done')).toBeHidden();
}

/** The caller's item ids by name. */
export async function itemIds(
  request: APIRequestContext,
  eventcode: string,
  token: string,
): Promise<Record<string, number>> {
  const res = await request.post('/api/auctionitems', {
    headers: { authorization: `Bearer ${token}` },
    data: { eventcode },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { auctionitems: Array<{ name: string; itemid: number }> };
  return Object.fromEntries(body.auctionitems.map((i) => [i.name, i.itemid]));
}

/** Buy It Now through the API, as another screen would have done it. */
export async function buyNow(
  request: APIRequestContext,
  eventcode: string,
  token: string,
  itemid: number,
  quantity = 1,
): Promise<void> {
  const res = await request.post('/api/submitbid', {
    headers: { authorization: `Bearer ${token}` },
    data: { eventcode, itemid, buyitnow: true, quantity },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * The fee a buyer covers, worked out here from the rule (percent of subtotal plus donation, rounded
 * half up to the cent) in whole numbers, not read back from the page: `percent` in hundredths.
 */
export function coveredFeeCents(baseCents: number, percentHundredths: number): number {
  // base × percent / 100, in hundredths of a percent: base × p / 10,000, half a cent rounding up.
  const scaled = baseCents * percentHundredths;
  const whole = Math.trunc(scaled / 10_000);
  return scaled - whole * 10_000 >= 5_000 ? whole + 1 : whole;
}

/** '$1,234.56' from cents. */
export function dollars(cents: number): string {
  const whole = Math.trunc(cents / 100).toLocaleString('en-US');
  return `$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** The newest mail to `to` whose subject contains `subject`, waiting for it to be queued. */
export async function mailTo(request: APIRequestContext, to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailbox(requestTransport(request))).find((m) => m.to === to && m.subject.includes(subject));
        return found !== undefined;
      },
      { message: `a mail to ${to} with '${subject}'` },
    )
    .toBe(true);
  return found!;
}

/** The bidder's orders as the API lists them. */
export async function ordersOf(
  request: APIRequestContext,
  token: string,
): Promise<Array<{ checkoutid: number; name: string; paid: boolean }>> {
  const res = await request.get('/api/myorders', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { orderitems: Array<{ checkoutid: number; name: string; paid: boolean }> }).orderitems;
}

/** The fake Stripe API the server pays through (playwright.config.ts starts it on this port). */
export const fakeStripeUrl = `http://127.0.0.1:${Number(process.env.E2E_STRIPE_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 1)}`;
const standInScript = fileURLToPath(new URL('./stripe-standin.js', import.meta.url));

/**
 * Serves the Stripe.js stand-in in place of Stripe's script, and answers its 3-D Secure calls to
 * api.stripe.com from the fake Stripe API. Answers the intent ids the browser authenticated.
 */
export async function useStripeStandIn(page: Page): Promise<{ authenticated: string[] }> {
  const authenticated: string[] = [];
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', path: standInScript }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const origin = new URL(page.url()).origin;
    const cors = {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type',
    };
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const path = new URL(request.url()).pathname;
    const intent = /^\/test\/authenticate\/([^/]+)$/.exec(path)?.[1];
    if (!intent)
      return route.fulfill({
        status: 404,
        headers: cors,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            type: 'invalid_request_error',
            message: `The stand-in's route knows only /test/authenticate, not ${path}.`,
          },
        }),
      });
    const answer = await route.fetch({ url: `${fakeStripeUrl}${path}` });
    if (answer.ok()) authenticated.push(decodeURIComponent(intent));
    return route.fulfill({
      status: answer.status(),
      headers: cors,
      contentType: 'application/json',
      body: await answer.text(),
    });
  });
  return { authenticated };
}

/** What the page asked of the stand-in, by name (handleNextAction, createConfirmationToken, ...). */
export async function standInCalls(page: Page, name: string): Promise<unknown[]> {
  return page.evaluate((n) => {
    const log = (window as unknown as { __stripeStandIn?: { calls: Array<{ name: string; detail: unknown }> } })
      .__stripeStandIn;
    return (log?.calls ?? []).filter((c) => c.name === n).map((c) => c.detail);
  }, name);
}

/** Types a fake card (visa, declined, 3ds, ...) into the stand-in's element, for the page's Pay or Save Card to take. */
export async function enterStripeCard(page: Page, card: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Test card' });
  await settled(page);
  await input.fill(card);
  await expect(input).toHaveValue(card);
}
