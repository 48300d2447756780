import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, STYLE_IDS } from '../image-provider';
import type {
  ActionFigureDetails,
  GenerationInput,
  ProviderOutcome,
  StyleId,
} from '../image-provider';
import { LocalImageProvider } from './local-provider';
import { cardFrontSvg, layoutCard } from './styles/action-figure-card';

const FIXTURES = new URL('../../../../../fixtures/photos/', import.meta.url);
const astronaut = readFileSync(new URL('astronaut.png', FIXTURES));
const chelsea = readFileSync(new URL('chelsea.png', FIXTURES));

const eileen: ActionFigureDetails = {
  name: 'Eileen',
  profession: 'Astronaut',
  accessories: ['Helmet', 'Flight plan', 'Space shuttle model', 'Mission patch'],
};

function input(
  style: StyleId,
  photo: Buffer,
  generationId: string = `${style}-${photo.length}`,
): GenerationInput {
  return { generationId, style, prompt: '', photo, actionFigure: eileen };
}

async function generate(
  provider: LocalImageProvider,
  request: GenerationInput,
): Promise<ProviderOutcome> {
  const { predictionId } = await provider.submit(request);
  return provider.wait(predictionId);
}

function png(outcome: ProviderOutcome): Buffer {
  if (outcome.status !== 'succeeded')
    throw new Error(`expected success, got ${JSON.stringify(outcome)}`);
  return outcome.png;
}

/** 32×32 greyscale thumbnail, for comparing renders with one another. */
async function thumbnail(image: Buffer): Promise<Uint8Array> {
  return sharp(image).resize(32, 32, { fit: 'fill' }).greyscale().raw().toBuffer();
}

function meanAbsDiff(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('LocalImageProvider', () => {
  const provider = new LocalImageProvider({ retainResults: 32 });
  const renders = new Map<StyleId, Buffer>();

  beforeAll(async () => {
    for (const style of STYLE_IDS)
      renders.set(style, png(await generate(provider, input(style, astronaut))));
  }, 240_000);

  it.each(STYLE_IDS)('renders %s as a 1024×1024 PNG', async (style) => {
    const meta = await sharp(renders.get(style)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    const stats = await sharp(renders.get(style)).stats();
    // Not blank: real content in every channel.
    for (const channel of stats.channels.slice(0, 3)) expect(channel.stdev).toBeGreaterThan(10);
  });

  it('renders the cat photo (landscape, different size) in every style', async () => {
    for (const style of STYLE_IDS) {
      const meta = await sharp(png(await generate(provider, input(style, chelsea)))).metadata();
      expect([meta.width, meta.height]).toEqual([1024, 1024]);
    }
  }, 240_000);

  it('is deterministic: the same input gives identical bytes, whatever the generation id', async () => {
    const fresh = new LocalImageProvider();
    for (const style of STYLE_IDS) {
      const again = png(await generate(fresh, input(style, astronaut, `again-${style}`)));
      expect(again.equals(renders.get(style)!), style).toBe(true);
    }
  }, 240_000);

  it('gives every style a visibly different look', async () => {
    const thumbs = await Promise.all(
      STYLE_IDS.map(async (s) => [s, await thumbnail(renders.get(s)!)] as const),
    );
    for (let i = 0; i < thumbs.length; i++) {
      for (let j = i + 1; j < thumbs.length; j++) {
        const [a, ta] = thumbs[i]!,
          [b, tb] = thumbs[j]!;
        expect(meanAbsDiff(ta, tb), `${a} vs ${b}`).toBeGreaterThan(8);
      }
    }
  });

  it('answers failed with a clear message for a photo that cannot be decoded', async () => {
    const broken = Buffer.concat([astronaut.subarray(0, 2000), Buffer.alloc(2000, 7)]);
    for (const photo of [broken, Buffer.from('definitely not an image')]) {
      const outcome = await generate(provider, {
        ...input('ghibli', photo, `broken-${photo.length}`),
      });
      expect(outcome).toEqual({
        status: 'failed',
        code: 'PROVIDER_FAILED',
        message: 'The photo could not be decoded as a PNG, JPEG or WEBP image.',
      });
    }
  });

  it('reports processing, then the result, through check', async () => {
    const local = new LocalImageProvider();
    const { predictionId } = await local.submit(input('anime', chelsea, 'checked'));
    expect(predictionId).toBe('local-checked');
    expect(await local.check(predictionId)).toEqual({ status: 'processing' });
    const outcome = await local.wait(predictionId);
    expect(outcome.status).toBe('succeeded');
    expect(await local.check(predictionId)).toBe(outcome);
  });

  it('answers failed for an unknown prediction, as after a restart', async () => {
    const outcome = await new LocalImageProvider().check('local-from-before-the-restart');
    expect(outcome).toMatchObject({ status: 'failed', code: 'PROVIDER_FAILED' });
    expect(outcome.status === 'failed' && outcome.message).toMatch(
      /could not be finished.*credits were not used/s,
    );
    expect(await new LocalImageProvider().wait('local-unknown')).toMatchObject({
      status: 'failed',
    });
  });

  it('keeps only a bounded number of finished results', async () => {
    const local = new LocalImageProvider({
      retainResults: 2,
      render: async () => Buffer.from('png'),
    });
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const { predictionId } = await local.submit(input('ghibli', astronaut, `bounded-${n}`));
      await local.wait(predictionId);
      ids.push(predictionId);
    }
    expect((await local.check(ids[0]!)).status).toBe('failed');
    expect((await local.check(ids[2]!)).status).toBe('succeeded');
  });

  it('cancels through the input signal, refuses an already-canceled submission', async () => {
    const local = new LocalImageProvider();
    const controller = new AbortController();
    const { predictionId } = await local.submit({
      ...input('pixar', astronaut, 'cancel-me'),
      signal: controller.signal,
    });
    controller.abort();
    expect(await local.wait(predictionId)).toEqual({
      status: 'canceled',
      message: 'The generation was canceled.',
    });
    await expect(
      local.submit({ ...input('pixar', astronaut, 'too-late'), signal: controller.signal }),
    ).rejects.toEqual(expect.objectContaining({ code: 'PROVIDER_CANCELED' }));
    await expect(
      local.submit({ ...input('pixar', astronaut, 'x'), signal: controller.signal }),
    ).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('action figure card', () => {
  it('prints the escaped name, profession and accessories', () => {
    const svg = cardFrontSvg(
      layoutCard({
        name: 'Tom & <Jerry>',
        profession: 'Chef "Cook"',
        accessories: ['Knife & fork', "Chef's hat"],
      }),
    );
    expect(svg).toContain('TOM &amp; &lt;JERRY&gt;');
    expect(svg).toContain('CHEF &quot;COOK&quot;');
    expect(svg).toContain('KNIFE &amp; FORK');
    expect(svg).toContain('CHEF&apos;S HAT');
    expect(svg).not.toMatch(/<Jerry>|<JERRY>/);
  });

  it('shrinks and then ellipsises a long name so it stays on the card', () => {
    const short = layoutCard({ ...eileen, name: 'Eileen' });
    const long = layoutCard({
      ...eileen,
      name: 'Maximilian-Alexander Wolfeschlegelsteinhausenbergerdorff',
    });
    expect(short.name).toEqual({ text: 'EILEEN', size: 112 });
    expect(long.name.size).toBeLessThan(short.name.size);
    expect(long.name.text.endsWith('…')).toBe(true);
    expect(long.name.text.length).toBeLessThan(40);
    expect(cardFrontSvg(long)).toContain(long.name.text);
  });

  it('shows at most six accessory slots, the last one counting the rest', () => {
    const many = layoutCard({ ...eileen, accessories: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] });
    expect(many.slots).toHaveLength(6);
    expect(many.slots.at(-1)!.label.lines).toEqual(['+3 MORE']);
    const long = layoutCard({
      ...eileen,
      accessories: ['An extraordinarily long accessory name that will not fit'],
    });
    expect(long.slots[0]!.label.lines.length).toBeLessThanOrEqual(2);
    expect(long.slots[0]!.label.lines.join(' ')).toContain('…');
  });

  it('leaves out empty accessories and widens the bubble when there are none', () => {
    const none = layoutCard({ ...eileen, accessories: ['  ', ''] });
    expect(none.slots).toHaveLength(0);
    expect(none.bubble.width).toBeGreaterThan(layoutCard(eileen).bubble.width);
  });
});
