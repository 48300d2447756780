import fs from 'node:fs/promises';
import sharp from 'sharp';
import { fixturePhoto } from '../../api/src/testing/fixtures';

/** A large photo with fine grain, which compresses like a camera JPEG, grown until it weighs enough. */
export async function jpegOfSize(targetBytes: number): Promise<Buffer> {
  const source = await fs.readFile(fixturePhoto('astronaut.png'));
  for (let side = 2400; ; side += 200) {
    const noise = await sharp({
      create: {
        width: side,
        height: side,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .png()
      .toBuffer();
    const jpeg = await sharp(source)
      .resize(side, side)
      .composite([{ input: noise, blend: 'soft-light' }])
      .jpeg({ quality: 95 })
      .toBuffer();
    if (jpeg.length >= targetBytes) return jpeg;
  }
}
