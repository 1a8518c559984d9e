import { expect, test, type Locator, type Page } from './support/test';
import sharp from 'sharp';
import { IMAGE_COPY_WIDTHS } from '@gavel/domain';
import { importEvent, testEvent, uniqueCode } from './support/api';
import { expectAccessible, lookAt, openSignedIn } from './support/page';

// Issue 31: a phone fetches the picture at the width it shows (a WebP copy), not the upload.
const code = uniqueCode('images');

/** A 1600 x 1200 photo as a camera would send it: a JPEG of some hundreds of KB. */
async function photo(): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3fa7a0' } })
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** What the picture the browser chose is: its address, the type it came as, its decoded width, and the width it needs. */
async function shown(img: Locator): Promise<{ url: string; type: string; width: number; needed: number }> {
  await expect(img).toHaveJSProperty('complete', true);
  return img.evaluate(async (el: HTMLImageElement) => {
    const res = await fetch(el.currentSrc);
    const bitmap = await createImageBitmap(await res.blob());
    return {
      url: new URL(el.currentSrc).pathname,
      type: res.headers.get('content-type') ?? '',
      width: bitmap.width,
      needed: el.getBoundingClientRect().width * devicePixelRatio,
    };
  });
}

/** The narrowest copy that fills the place at the screen's density: the breakpoint Chromium picks from srcset. */
const covering = (needed: number) => IMAGE_COPY_WIDTHS.find((w) => w >= needed) ?? Math.max(...IMAGE_COPY_WIDTHS);

async function guestToken(page: Page): Promise<string> {
  const res = await page.request.post('/api/guestlogin', { data: { eventcode: code } });
  return ((await res.json()) as { token: string }).token;
}

test('a phone gets each picture as a WebP copy at the breakpoint it draws, not the 1600 px upload', async ({
  page,
}) => {
  const original = await photo();
  const imageurl = `data:image/jpeg;base64,${original.toString('base64')}`;
  await importEvent(
    page.request,
    testEvent(code, {
      event: { eventallowguestentry: true },
      items: [{ itemnum: '1', name: 'Lakeside Cabin Weekend', startingbid: 300, minimumbidincrease: 10, imageurl }],
    }),
  );
  const token = await guestToken(page);
  const list = await page.request.post('/api/auctionitems', {
    headers: { authorization: `Bearer ${token}` },
    data: { eventcode: code, includethumbnail: true },
  });
  const [item] = ((await list.json()) as { auctionitems: Array<{ itemid: number; thumbnailurl: string }> })
    .auctionitems;
  // The images job makes the copies within seconds of the import: wait until the thumbnail is one.
  await expect
    .poll(async () => (await page.request.get(item?.thumbnailurl ?? '')).headers()['content-type'])
    .toBe('image/webp');

  await openSignedIn(page, `/${code}/auction-items`, token);
  const card = page.locator('[data-testid="item-card"]:visible').first();
  const cardImage = await shown(card.locator('img'));
  expect(cardImage.type).toBe('image/webp');
  expect(cardImage.width).toBe(covering(cardImage.needed));
  expect(cardImage.url).toMatch(new RegExp(`^/media/[\\w-]+/${cardImage.width}\\.webp$`));
  await lookAt(page, 'images-list');
  await expectAccessible(page);

  await card.click();
  const photoImage = await shown(page.locator('[data-testid="item-photos"]:visible img').first());
  expect(photoImage.type).toBe('image/webp');
  expect(photoImage.width).toBe(covering(photoImage.needed));
  expect(photoImage.width).toBeLessThan(1600);
  // Waits for the page to stand still (it slides in), then reads it.
  await expectAccessible(page);
  await lookAt(page, 'images-item');
});
