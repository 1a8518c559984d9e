import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ITEM_PHOTO_LIMITS } from '@gavel/domain';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { decodeProblem, IMAGE_LIMITS, type ImageType, inspectImage } from './inspect';
import { storeImageRef } from './store';

/**
 * Images uploaded from a computer or a phone's camera (multipart/form-data, @fastify/multipart):
 * each checked by its bytes (JPEG, PNG, WebP or GIF, whatever its name says), its size, its
 * dimensions and a decode of the whole body (inspect.ts), then stored exactly as an imported image
 * is (media/store.ts), so one media store serves both.
 */

export const UPLOAD_LIMITS = {
  /** The largest image taken: a phone's photo is a few MB. */
  fileBytes: ITEM_PHOTO_LIMITS.fileBytes,
  /** The most images one request may carry. */
  files: ITEM_PHOTO_LIMITS.perRequest,
  /** The longest side and the most pixels an image may have (inspect.ts). */
  ...IMAGE_LIMITS,
  /** The whole request, refused from its declared length before it is read. */
  requestBytes: 60 * 1024 * 1024,
};

export interface UploadedImage {
  filename: string;
  contentType: ImageType;
  bytes: Buffer;
  width: number;
  height: number;
}

const megabytes = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

/** One uploaded file, checked by its header: what it is, how big, how many pixels. */
export function checkImage(filename: string, bytes: Buffer): UploadedImage {
  const inspected = inspectImage(bytes);
  if (inspected.problem !== undefined)
    throw new AppError('bad_request', `${filename || 'A file'} ${inspected.problem}.`);
  const { contentType, width, height } = inspected;
  return { filename, contentType, bytes, width, height };
}

/** One uploaded file, checked by its header and then decoded whole (decodeProblem). */
export async function checkUploadedImage(filename: string, bytes: Buffer): Promise<UploadedImage> {
  const image = checkImage(filename, bytes);
  const problem = await decodeProblem(bytes);
  if (problem) throw new AppError('bad_request', `${filename || 'A file'} ${problem}.`);
  return image;
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

const tooLarge = (name: string) =>
  new AppError('bad_request', `${name} is larger than ${megabytes(UPLOAD_LIMITS.fileBytes)}; send a smaller one.`);

const codeOf = (err: unknown) =>
  typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;

/** The sentence for a refusal of the multipart reader: too large, too many, or not multipart at all. */
function uploadRefusal(err: unknown): AppError | undefined {
  const code = codeOf(err);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge('An image');
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
      const bytes = await part.toBuffer().catch((err: unknown) => {
        // Named here, where the part's file name is known; the reader stops at the limit.
        throw codeOf(err) === 'FST_REQ_FILE_TOO_LARGE' && part.filename ? tooLarge(part.filename) : err;
      });
      if (refused) continue;
      try {
        if (part.fieldname !== 'file')
          throw new AppError('bad_request', `Send each image in a part named file (not ${part.fieldname}).`);
        images.push(await checkUploadedImage(part.filename, bytes));
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
