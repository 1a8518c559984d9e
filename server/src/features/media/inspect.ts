/**
 * What an image is, read from its bytes, never from its name or the type it claims: its header for
 * type and size (nothing decoded), then, for an image we are about to keep, a decode of the whole
 * body. Every image stored (upload, import, console) passes here (upload.ts, store.ts).
 */

export const IMAGE_LIMITS = {
  /** The longest side an image may have, in pixels: larger is no photo but a memory bomb for whoever opens it. */
  side: 12_000,
  /**
   * The most pixels an image may have: a 48-megapixel phone photo fits. More is a bomb (a small
   * file that would take gigabytes to open), refused from its header before anything decodes it.
   */
  pixels: 50_000_000,
};

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

const starts = (bytes: Buffer, at: number, text: string) => bytes.toString('latin1', at, at + text.length) === text;

/** The image type its first bytes say, or null: what a file is, never what its name or header claims. */
export function imageTypeOf(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (starts(bytes, 0, '\x89PNG\r\n\x1a\n')) return 'image/png';
  if (starts(bytes, 0, 'GIF87a') || starts(bytes, 0, 'GIF89a')) return 'image/gif';
  if (starts(bytes, 0, 'RIFF') && starts(bytes, 8, 'WEBP')) return 'image/webp';
  return null;
}

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    // Start-of-frame markers (C0-CF except C4 DHT, C8 JPG, CC DAC) hold the size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  return null;
}

function webpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 30) return null;
  if (starts(bytes, 12, 'VP8X')) return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (starts(bytes, 12, 'VP8 '))
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (starts(bytes, 12, 'VP8L')) {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}

/** An image's width and height from its header, or null when the header cannot be read. */
export function imageSize(bytes: Buffer, type: ImageType): { width: number; height: number } | null {
  try {
    if (type === 'image/png')
      return starts(bytes, 12, 'IHDR') ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : null;
    if (type === 'image/gif') return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
    if (type === 'image/webp') return webpSize(bytes);
    return jpegSize(bytes);
  } catch {
    // A header cut short reads past the end: not an image we can take.
    return null;
  }
}

/** An image's type and size read from its header, or what is wrong with it, as words that follow its name. */
export type Inspected =
  { contentType: ImageType; width: number; height: number; problem?: undefined } | { problem: string };

/** What an image is by its bytes, and whether its size is one we take; nothing is decoded. */
export function inspectImage(bytes: Buffer): Inspected {
  if (bytes.length === 0) return { problem: 'is empty' };
  const contentType = imageTypeOf(bytes);
  if (!contentType) return { problem: 'is not a JPEG, PNG, WebP or GIF image' };
  const size = imageSize(bytes, contentType);
  if (!size || size.width < 1 || size.height < 1) return { problem: 'could not be read as an image' };
  const { width, height } = size;
  if (width > IMAGE_LIMITS.side || height > IMAGE_LIMITS.side)
    return {
      problem: `is ${width} x ${height} pixels; an image may be at most ${IMAGE_LIMITS.side} pixels on a side`,
    };
  if (width * height > IMAGE_LIMITS.pixels)
    return {
      problem: `is ${width} x ${height} pixels (${Math.round((width * height) / 1e6)} megapixels); an image may have at most ${IMAGE_LIMITS.pixels / 1e6} megapixels`,
    };
  return { contentType, width, height };
}

/**
 * How sharp opens an image someone sent: never past the pixel limit (whatever the header said),
 * and refusing a file cut short or undecodable. Mere warnings (a few stray bytes that every
 * browser shows through) are let by, so a camera's slightly odd file still counts as a photo.
 */
export const SHARP_INPUT = { limitInputPixels: IMAGE_LIMITS.pixels, failOn: 'error' } as const;

/**
 * Decodes the whole image, small (a JPEG decodes at an eighth of its size), to learn that its
 * body is whole: a header alone can promise a picture the rest of the file does not hold. This
 * is a check, so it runs where the image arrives; the resized copies are made later, off the
 * request path (variants.ts). Answers what is wrong, or undefined.
 */
export async function decodeProblem(bytes: Buffer): Promise<string | undefined> {
  const { default: sharp } = await import('sharp');
  try {
    await sharp(bytes, { ...SHARP_INPUT, sequentialRead: true })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
    return undefined;
  } catch {
    return 'could not be read as an image: it is damaged or cut short';
  }
}
