import { expect, test } from './support/test';
import { holdMessages, storeMessages } from '@gavel/domain';
import { uniqueCode } from './support/api';
import { expectAccessible, lookAt } from './support/page';
import { expectTab, itemOnPage, openStore, storedCart, takeUnits } from './support/store';
import { heldToken, importHoldStore, leaveOnHold, serverCart, tokenEnds } from './support/store-hold';

// The cart's hold (issue 26, item 11): no countdown for an empty cart (which is quietly replaced
// when its hold passes), the countdown from the first item, the warning two minutes before the
// end with one tap to keep the cart, the plain word when it cannot be kept longer, and the cart
// let go with a way to start again. The page's clock is moved with page.clock; the server's is
// real, so a renewal can only add the real time that has passed since the last change.

const SECOND = 1000;

// Each test makes its own store and waits on the server's real clock: they run side by side. The
// empty cart quietly replaced when its hold passes is walked in store-refusals.spec.ts, in the same
// real minute as a held cart's hold running out.
test.describe.configure({ mode: 'parallel' });

test('two minutes before the hold ends the buyer is warned, and "Keep my cart" renews the hold on the server', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const code = uniqueCode('keep');
  const ticket = await importHoldStore(request, code, 3);
  await page.clock.install();
  await openStore(page, code);

  // An empty cart: nothing counts down, nothing warns.
  await expect(page.getByTestId('store-tab-Tickets')).toBeVisible();
  await expect(page.getByTestId('cart-countdown')).toHaveCount(0);
  await expect(page.getByTestId('hold-warning')).toHaveCount(0);

  // The first item starts the countdown, a full hold of three minutes.
  await takeUnits(page, ticket, 1);
  const tookAt = Date.now();
  await expect(page.getByTestId('cart-countdown')).toHaveText(/^Cart Expires in (3m 00s|2m 5\ds)$/);
  await expect(page.getByTestId('hold-warning')).toHaveCount(0);
  const first = await heldToken(page, code);
  const firstEnds = tokenEnds(first);

  // A renewal adds the time that has really passed since the item was taken: let 20 seconds pass.
  await expect.poll(() => Date.now() - tookAt, { timeout: 30_000, intervals: [1_000] }).toBeGreaterThan(20 * SECOND);

  // The page's clock moves on to 1m 50s before the end: the warning, with the time left and the latest the cart can be kept to.
  await leaveOnHold(page, firstEnds, 110 * SECOND);
  const warning = page.getByTestId('hold-warning');
  await expect(warning).toHaveAttribute('data-kind', 'renewable');
  await expect(warning.getByRole('heading')).toHaveText(holdMessages.warnTitle);
  await expect(page.getByTestId('hold-left')).toHaveText(/^1m [45]\ds$/);
  await expect(warning).toContainText(/Your cart will be let go in 1m [45]\ds\./);
  const cart = await serverCart(request, first);
  const latest = new Date(cart.maxexpires).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  await expect(page.getByTestId('hold-latest')).toHaveText(`It can be kept until ${latest} at the latest.`);
  await expect(page.getByTestId('cart-countdown')).toHaveText(/^Cart Expires in 1m [45]\ds$/);
  await lookAt(page, 'store-hold-warning');
  await expectAccessible(page);

  // One tap keeps it: the server renews the hold from now, the page takes the new token, the warning goes.
  const renewed = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/storecart/renew',
  );
  await page.getByTestId('hold-keep').click();
  expect((await renewed).status()).toBe(200);
  await expect.poll(() => storedCart(page, code)).not.toBe(first);
  const second = await heldToken(page, code);
  expect(tokenEnds(second) - firstEnds).toBeGreaterThanOrEqual(20 * SECOND);
  await expect(page.getByTestId('notice').filter({ hasText: holdMessages.kept })).toBeVisible();
  await expect(warning).toHaveCount(0);
  await expect(page.getByTestId('cart-countdown')).toHaveText(/^Cart Expires in 2m \d\ds$/);
  // The server agrees: the cart runs to the new token's end, its lifetime unchanged, its ticket still held.
  const after = await serverCart(request, second);
  expect(Date.parse(after.expires)).toBe(tokenEnds(second));
  expect(after.maxexpires).toBe(cart.maxexpires);
  expect(after.cartitems.map((l) => [l.itemid, l.quantity])).toEqual([[ticket, 1]]);
  await lookAt(page, 'store-hold-kept');
});

test('once the lifetime is spent the buyer is told when the cart will be let go; after that it was let go, and a new cart can start', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const code = uniqueCode('letgo');
  const ticket = await importHoldStore(request, code, 3);
  // The page's timers are the fake clock's from the start, so a tick can be run when the clock is set.
  await page.clock.install();
  await openStore(page, code);
  await takeUnits(page, ticket, 2);
  const token = await heldToken(page, code);
  const ends = tokenEnds(token);
  // The organizer shortens the hold to a minute: the cart's lifetime (two holds from its first item)
  // now ends before its hold does, so no renewal can keep it any longer.
  await importHoldStore(request, code, 1);
  await page.reload();
  await expect(page.getByTestId('cart-countdown')).toBeVisible();
  expect((await serverCart(request, token)).maxexpires).toBe(new Date(ends).toISOString());

  await leaveOnHold(page, ends, 90 * SECOND);
  const warning = page.getByTestId('hold-warning');
  await expect(warning).toHaveAttribute('data-kind', 'final');
  const at = new Date(ends).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  await expect(page.getByTestId('hold-final')).toHaveText(
    `Your cart will be let go at ${at} and cannot be extended. Please check out before then.`,
  );
  await expect(page.getByTestId('hold-keep')).toHaveCount(0);
  await lookAt(page, 'store-hold-final');
  // The server refuses a renewal too, in the same words the page would show.
  const refused = await request.put('/api/storecart/renew', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ status: 'failure', message: holdMessages.cannotExtend });
  // Go to Cart opens the Cart tab, where checkout is.
  await page.getByTestId('hold-go-to-cart').click();
  await expectTab(page, 'Cart');
  await expect(page.getByTestId('hold-go-to-cart')).toHaveCount(0);

  // The hold ends: the page says the cart was let go, locks, and forgets its token.
  await leaveOnHold(page, ends, -SECOND);
  const letGo = page.getByTestId('hold-letgo');
  await expect(letGo.getByRole('heading')).toHaveText(holdMessages.letGoTitle);
  await expect(letGo).toContainText(holdMessages.letGoText);
  await expect(page.getByTestId('cart-countdown')).toHaveText(storeMessages.cartExpired);
  await expect(warning).toHaveCount(0);
  expect(await storedCart(page, code)).toBeNull();
  await expect(page.getByTestId('checkout-button')).toHaveAttribute('aria-disabled', 'true');
  await lookAt(page, 'store-hold-letgo');
  await expectAccessible(page);

  // Starting again: the page's clock back with the server's, a new empty cart on the first tab.
  // (Its second's tick run, so the page reads the clock as it now is.)
  await page.clock.setSystemTime(Date.now());
  await page.clock.runFor(SECOND);
  await page.getByTestId('hold-start-again').click();
  await expect(letGo).toHaveCount(0);
  await expect.poll(() => storedCart(page, code)).not.toBeNull();
  expect(await storedCart(page, code)).not.toBe(token);
  await expectTab(page, 'Tickets');
  await expect(itemOnPage(page, ticket).box).toHaveValue('0');
  await expect(itemOnPage(page, ticket).plus).not.toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('cart-countdown')).toHaveCount(0);
  await takeUnits(page, ticket, 1);
  await expect(page.getByTestId('cart-countdown')).toHaveText(/^Cart Expires in (1m 0\ds|\d{1,2}s)$/);
});
