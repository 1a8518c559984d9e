import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ITEM_PHOTO_LIMITS } from '@gavel/domain';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { storeImageRef } from './store';

/**
 * Images uploaded from a computer or a phone's camera (multipart/form-data, @fastify/multipart):
 * each checked by its bytes (JPEG, PNG, WebP or GIF, whatever its name says), its size and its
 * dimensions, then stored exactly as an imported image is (media/store.ts), so one media store
 * serves both.
 */

export const UPLOAD_LIMITS = {
  /** The largest image taken: a phone's photo is a few MB. */
  fileBytes: ITEM_PHOTO_LIMITS.fileBytes,
  /** The most images one request may carry. */
  files: ITEM_PHOTO_LIMITS.perRequest,
  /** The longest side an image may have, in pixels: larger is no photo but a memory bomb for whoever opens it. */
  side: 12_000,
  /** The whole request, refused from its declared length before it is read. */
  requestBytes: 60 * 1024 * 1024,
};

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

export interface UploadedImage {
  filename: string;
  contentType: ImageType;
  bytes: Buffer;
  width: number;
  height: number;
}

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

const megabytes = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

/** One uploaded file, checked: what it is, how big, how many pixels. */
export function checkImage(filename: string, bytes: Buffer): UploadedImage {
  const name = filename || 'A file';
  if (bytes.length === 0) throw new AppError('bad_request', `${name} is empty.`);
  const contentType = imageTypeOf(bytes);
  if (!contentType) throw new AppError('bad_request', `${name} is not a JPEG, PNG, WebP or GIF image.`);
  const size = imageSize(bytes, contentType);
  if (!size || size.width < 1 || size.height < 1)
    throw new AppError('bad_request', `${name} could not be read as an image.`);
  if (size.width > UPLOAD_LIMITS.side || size.height > UPLOAD_LIMITS.side)
    throw new AppError(
      'bad_request',
      `${name} is ${size.width} x ${size.height} pixels; an image may be at most ${UPLOAD_LIMITS.side} pixels on a side.`,
    );
  return { filename, contentType, bytes, ...size };
}

/** Registers multipart parsing in the plugin that holds the upload routes (and only there). */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.fileBytes, files: UPLOAD_LIMITS.files, fields: 20, parts: 40, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
}

const sendAsFiles = () =>
  new AppError('bad_request', 'Send the images as multipart/form-data, each in a part named file.');

/** The sentence for a refusal of the multipart reader: too large, too many, or not multipart at all. */
function uploadRefusal(err: unknown): AppError | undefined {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(
      'bad_request',
      `An image is larger than ${megabytes(UPLOAD_LIMITS.fileBytes)}; send a smaller one.`,
    );
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('bad_request', `Send at most ${UPLOAD_LIMITS.files} images at a time.`);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MP_PREMATURE_CLOSE') return sendAsFiles();
  return undefined;
}

/**
 * The images of a request's parts named `file`, each checked; refused as a whole (400 with a
 * sentence) when any is not an image we take, when there is none, or when a part is too large.
 */
export async function readUploadedImages(request: FastifyRequest): Promise<UploadedImage[]> {
  if (!request.isMultipart()) throw sendAsFiles();
  const images: UploadedImage[] = [];
  let refused: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      // Every part is read, even after a refusal, so the whole request is consumed before the answer.
      const bytes = await part.toBuffer();
      if (refused) continue;
      try {
        if (part.fieldname !== 'file')
          throw new AppError('bad_request', `Send each image in a part named file (not ${part.fieldname}).`);
        images.push(checkImage(part.filename, bytes));
      } catch (err) {
        refused = err;
      }
    }
  } catch (err) {
    throw uploadRefusal(err) ?? err;
  }
  if (refused) throw refused;
  if (images.length === 0) throw new AppError('bad_request', 'No image was sent: add one or more parts named file.');
  return images;
}

/** Stores a checked image as an imported one is stored (keyed by organization and content); answers its /media path. */
export async function storeUploadedImage(tx: Tx, organizationId: number, image: UploadedImage): Promise<string> {
  return storeImageRef(tx, organizationId, `data:${image.contentType};base64,${image.bytes.toString('base64')}`);
}
