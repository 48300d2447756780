import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Sharp } from 'sharp';

/** What Replicate's own errors and the FLUX.1 Kontext model say, so tests exercise the real texts. */
export const FAKE_TEXTS = {
  nsfw: 'The input or output was flagged as sensitive. Please try again with different inputs. (E005)',
  failed:
    'Prediction failed: the model could not process the input image (CUDA error: an illegal memory access was encountered)',
  unauthenticated: 'You did not pass a valid authentication token',
  throttled: 'Request was throttled. Your rate limit resets in ~30s.',
} as const;

/** One entry of the `invalid_fields` list in Replicate's 422 "Input validation failed" body. */
export interface InvalidField {
  readonly type: string;
  readonly field: string;
  readonly description: string;
}

const ASPECT_RATIOS = [
  'match_input_image',
  '1:1',
  '16:9',
  '9:16',
  '4:3',
  '3:4',
  '3:2',
  '2:3',
  '4:5',
  '5:4',
  '21:9',
  '9:21',
  '2:1',
  '1:2',
] as const;
const OUTPUT_FORMATS = ['jpg', 'png'] as const;
const DATA_URI = /^data:(image\/(?:png|jpeg|jpg|gif|webp));base64,([A-Za-z0-9+/=\s]+)$/;

/** The input schema of black-forest-labs/flux-kontext-pro as Replicate documents it. */
export function validateKontextInput(input: unknown): InvalidField[] {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    return [{ type: 'required', field: '', description: 'input is required' }];
  }
  const value = input as Record<string, unknown>;
  const invalid: InvalidField[] = [];
  const add = (type: string, field: string, description: string): void => {
    invalid.push({ type, field, description });
  };

  if (value.prompt === undefined) add('required', 'input', 'prompt is required');
  else if (typeof value.prompt !== 'string')
    add('invalid_type', 'input.prompt', 'Invalid type. Expected: string');
  else if (value.prompt.trim() === '')
    add('string_gte', 'input.prompt', 'String length must be greater than or equal to 1');

  const image = value.input_image;
  if (
    image !== undefined &&
    image !== null &&
    decodeInputImage(image) === undefined &&
    !isHttpUrl(image)
  ) {
    add('format', 'input.input_image', "Does not match format 'uri'");
  }
  const hasImage = image !== undefined && image !== null;

  if (value.aspect_ratio !== undefined && !ASPECT_RATIOS.includes(value.aspect_ratio as never)) {
    add(
      'enum',
      'input.aspect_ratio',
      `aspect_ratio must be one of the following: ${ASPECT_RATIOS.map((r) => `"${r}"`).join(', ')}`,
    );
  }
  if (value.output_format !== undefined && !OUTPUT_FORMATS.includes(value.output_format as never)) {
    add('enum', 'input.output_format', 'output_format must be one of the following: "jpg", "png"');
  }
  const tolerance = value.safety_tolerance;
  if (tolerance !== undefined) {
    if (!Number.isInteger(tolerance))
      add('invalid_type', 'input.safety_tolerance', 'Invalid type. Expected: integer');
    else if ((tolerance as number) < 0)
      add('number_gte', 'input.safety_tolerance', 'Must be greater than or equal to 0');
    else if ((tolerance as number) > 6)
      add('number_lte', 'input.safety_tolerance', 'Must be less than or equal to 6');
    else if (hasImage && (tolerance as number) > 2) {
      add(
        'number_lte',
        'input.safety_tolerance',
        'Must be less than or equal to 2 when input_image is used',
      );
    }
  }
  if (value.seed !== undefined && value.seed !== null && !Number.isInteger(value.seed)) {
    add('invalid_type', 'input.seed', 'Invalid type. Expected: integer');
  }
  if (value.prompt_upsampling !== undefined && typeof value.prompt_upsampling !== 'boolean') {
    add('invalid_type', 'input.prompt_upsampling', 'Invalid type. Expected: boolean');
  }
  return invalid;
}

/** Replicate's problem-details body for a 422. */
export function validationErrorBody(invalid: readonly InvalidField[]): Record<string, unknown> {
  const detail = invalid.map((f) => `- ${f.field || 'input'}: ${f.description}\n`).join('');
  return { detail, status: 422, title: 'Input validation failed', invalid_fields: invalid };
}

/** The bytes of a data-URI input image, if it is one and its bytes really are an image. */
export function decodeInputImage(value: unknown): Buffer | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATA_URI.exec(value);
  if (!match) return undefined;
  const bytes = Buffer.from(match[2]!, 'base64');
  return bytes.length > 0 ? bytes : undefined;
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export interface RenderedOutput {
  readonly bytes: Buffer;
  readonly mime: 'image/png' | 'image/jpeg';
  readonly extension: 'png' | 'jpg';
}

/**
 * A genuine image standing in for the model's: the input photo cropped to the requested aspect
 * ratio (longest side `size`) and tinted warm, or a gradient when the input is a URL or absent.
 */
export async function renderOutput(
  input: Record<string, unknown>,
  size: number,
  forceJpeg = false,
): Promise<RenderedOutput> {
  const photo = decodeInputImage(input.input_image);
  const source = photo ? sharp(photo).rotate() : gradient(size);
  const ratio = await aspectRatio(input.aspect_ratio, photo);
  const width = ratio >= 1 ? size : Math.round(size * ratio);
  const height = ratio >= 1 ? Math.round(size / ratio) : size;
  const image = source.resize(width, height, { fit: 'cover' }).tint({ r: 255, g: 170, b: 90 });
  if (forceJpeg || input.output_format === 'jpg') {
    return {
      bytes: await image.jpeg({ quality: 85 }).toBuffer(),
      mime: 'image/jpeg',
      extension: 'jpg',
    };
  }
  return { bytes: await image.png().toBuffer(), mime: 'image/png', extension: 'png' };
}

async function aspectRatio(requested: unknown, photo: Buffer | undefined): Promise<number> {
  if (typeof requested === 'string' && /^\d+:\d+$/.test(requested)) {
    const [w, h] = requested.split(':').map(Number) as [number, number];
    return w / h;
  }
  if (photo) {
    const { autoOrient } = await sharp(photo).metadata();
    return autoOrient.width / autoOrient.height;
  }
  return 1;
}

function gradient(size: number): Sharp {
  const data = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 3;
      data[i] = (x * 255) / size;
      data[i + 1] = (y * 255) / size;
      data[i + 2] = 128;
    }
  }
  return sharp(data, { raw: { width: size, height: size, channels: 3 } });
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A 26-character lowercase base32 id, the shape of Replicate's prediction ids. */
export function predictionId(): string {
  return Array.from(randomBytes(26), (b) => BASE32[b % 32]).join('');
}
