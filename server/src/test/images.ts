import sharp from 'sharp';

/** A small photo a test can cut short or send as it is: noise, so its bytes are a real JPEG's, not a flat colour's. */
export function noisyJpeg(): Promise<Buffer> {
  return sharp({
    create: {
      width: 200,
      height: 150,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
}

/** An image bomb: a small PNG whose header claims `side` x `side` pixels (the IHDR's width and height). */
export function claimingSize(png: Buffer, side: number): Buffer {
  const bomb = Buffer.from(png);
  bomb.writeUInt32BE(side, 16);
  bomb.writeUInt32BE(side, 20);
  return bomb;
}
