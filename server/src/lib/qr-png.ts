import { crc32, deflateSync } from 'node:zlib';
import { encode } from 'uqr';

/**
 * A QR code as a PNG image, drawn on this server with `uqr` (the board's QR is its SVG). Mail
 * clients show a PNG where they drop an SVG or a data: image (Gmail, Outlook), so what a receipt
 * links is a PNG. Black and white, one bit a pixel: a few hundred bytes.
 */
export function qrPng(text: string, { scale = 8, border = 4 }: { scale?: number; border?: number } = {}): Buffer {
  // `border` modules of white around the code: the quiet zone a scanner needs to find it.
  const { data, size } = encode(text, { ecc: 'M', border });
  const width = size * scale;
  const stride = Math.ceil(width / 8) + 1;
  // Each row: filter byte 0 (none), then one bit a pixel, 1 = white.
  const raw = Buffer.alloc(stride * width, 0xff);
  for (let y = 0; y < width; y++) {
    const row = y * stride;
    raw[row] = 0;
    const modules = data[Math.floor(y / scale)] ?? [];
    for (let x = 0; x < width; x++) {
      if (!modules[Math.floor(x / scale)]) continue;
      const at = row + 1 + (x >> 3);
      raw[at] = (raw[at] ?? 0) & ~(0x80 >> (x & 7));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}
