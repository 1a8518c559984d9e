import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFObject } from 'pdf-lib';

/*
 * Reading the printables' PDFs back in tests: pages, the text drawn on each, and the QR codes of
 * their images, decoded. pdfkit compresses streams with Flate and places images as their PNG data
 * (PNG row filters, "predictor 15"), so both are undone here with zlib and the PNG unfilters.
 */

export interface ReadPdf {
  pages: number;
  /** Each page's text, its drawn strings one a line, in drawing order. */
  text: string[];
  /** Each page's QR codes, decoded, in drawing order. */
  qrCodes: string[][];
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = doc.getPages();
  return {
    pages: pages.length,
    text: pages.map((page) => pageText(doc, page.node.Contents())),
    qrCodes: pages.map((page) => {
      const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
      const codes: string[] = [];
      for (const [, ref] of xobjects?.entries() ?? []) {
        const stream = doc.context.lookup(ref);
        if (!(stream instanceof PDFRawStream)) continue;
        const image = grayImage(stream);
        const found = image && jsQR(rgbaOf(image), image.width, image.height);
        if (found) codes.push(found.data);
      }
      return codes;
    }),
  };
}

const num = (dict: PDFDict | undefined, key: string, fallback: number) =>
  dict?.lookupMaybe(PDFName.of(key), PDFNumber)?.asNumber() ?? fallback;

function streamBytes(stream: PDFRawStream): Uint8Array {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  return filter === PDFName.of('FlateDecode') ? inflateSync(stream.contents) : stream.contents;
}

interface GrayImage {
  width: number;
  height: number;
  /** One byte a pixel, 0 black to 255 white. */
  pixels: Uint8Array;
}

/** An image XObject of one gray channel (the QR PNGs of lib/pdf.ts), its PNG row filters undone; null for any other. */
function grayImage(stream: PDFRawStream): GrayImage | null {
  const { dict } = stream;
  if (dict.lookup(PDFName.of('Subtype')) !== PDFName.of('Image')) return null;
  if (dict.lookup(PDFName.of('ColorSpace')) !== PDFName.of('DeviceGray')) return null;
  const width = num(dict, 'Width', 0);
  const height = num(dict, 'Height', 0);
  const bits = num(dict, 'BitsPerComponent', 8);
  const parms = dict.lookupMaybe(PDFName.of('DecodeParms'), PDFDict);
  const data = streamBytes(stream);
  const stride = Math.ceil((width * bits) / 8);
  const rows = num(parms, 'Predictor', 1) >= 10 ? unfilter(data, stride, height, Math.max(1, bits / 8)) : data;
  const pixels = new Uint8Array(width * height);
  const max = (1 << bits) - 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const bit = x * bits;
      const byte = rows[y * stride + (bit >> 3)] ?? 0;
      const value = (byte >> (8 - bits - (bit & 7))) & max;
      pixels[y * width + x] = Math.round((value / max) * 255);
    }
  return { width, height, pixels };
}

/** PNG's row filters (None, Sub, Up, Average, Paeth) undone: rows of `stride` bytes, each after its filter byte. */
function unfilter(data: Uint8Array, stride: number, height: number, bpp: number): Uint8Array {
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)] ?? 0;
    for (let i = 0; i < stride; i++) {
      const raw = data[y * (stride + 1) + 1 + i] ?? 0;
      const a = i >= bpp ? (out[y * stride + i - bpp] ?? 0) : 0;
      const b = y > 0 ? (out[(y - 1) * stride + i] ?? 0) : 0;
      const c = y > 0 && i >= bpp ? (out[(y - 1) * stride + i - bpp] ?? 0) : 0;
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter] ?? 0;
      out[y * stride + i] = (raw + predicted) & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

function rgbaOf({ width, height, pixels }: GrayImage): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(width * height * 4);
  pixels.forEach((v, i) => rgba.set([v, v, v, 255], i * 4));
  return rgba;
}

/** The strings a page's content draws (pdfkit writes the standard fonts' text as hex in Tj/TJ), a line each. */
function pageText(doc: PDFDocument, contents: PDFObject | undefined): string {
  const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  const lines: string[] = [];
  for (const item of streams) {
    const stream = doc.context.lookup(item);
    if (!(stream instanceof PDFRawStream)) continue;
    for (const op of Buffer.from(streamBytes(stream)).toString('latin1').split('\n')) {
      if (!/T[jJ]\s*$/.test(op)) continue;
      const hex = [...op.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => Buffer.from(m[1] ?? '', 'hex').toString('latin1'));
      lines.push(hex.join(''));
    }
  }
  return lines.join('\n');
}
