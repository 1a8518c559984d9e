import { describe, expect, it } from 'vitest';
import { imageCopyUrl, imageSources, thumbnailUrl } from './images';

describe('image addresses', () => {
  it("offers a stored image's copies at the thumbnail and every breakpoint", () => {
    expect(imageSources('/media/abc_-1')).toEqual({
      src: '/media/abc_-1/400.webp',
      srcSet:
        '/media/abc_-1/400.webp 400w, /media/abc_-1/480.webp 480w, /media/abc_-1/576.webp 576w, /media/abc_-1/768.webp 768w, /media/abc_-1/992.webp 992w, /media/abc_-1/1200.webp 1200w',
    });
    expect(imageSources('/media/abc', 768).src).toBe('/media/abc/768.webp');
    expect(thumbnailUrl('/media/abc')).toBe('/media/abc/400.webp');
  });

  it('leaves an image stored elsewhere as it is, with no srcset', () => {
    for (const url of ['https://cdn.example.org/a.jpg', '/media/a/b', '/images/x.png'])
      expect([imageSources(url), imageCopyUrl(url, 480), thumbnailUrl(url)]).toEqual([{ src: url }, url, url]);
    expect(thumbnailUrl('')).toBe('');
  });
});
