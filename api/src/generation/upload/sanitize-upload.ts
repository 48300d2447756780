import sharp from 'sharp';
import { AppError } from '../../shared/errors';
import { OUTPUT_SIZE } from '../output-size';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Decoding more than this could exhaust memory (a decompression bomb); 40 MP covers any camera photo. */
export const MAX_UPLOAD_PIXELS = 40_000_000;

export type ImageType = 'jpeg' | 'png' | 'webp';

export const UPLOAD_MESSAGES = {
  missing: 'Image is required',
  /** The action figure page asks for a profile image (the spec's words). */
  missingProfileImage: 'Profile image is required',
  empty: 'The file is empty. Please choose a photo.',
  tooLarge: 'The file is too large. Photos can be at most 10 MB.',
  unsupported: 'This file is not a supported image. Please upload a JPG, PNG or WEBP photo.',
  tooManyPixels:
    'This image has too many pixels (more than 40 megapixels). Please upload a smaller photo.',
  unreadable: 'This image could not be read. It may be damaged or incomplete.',
  tooSlow:
    'This image took too long to process. Please upload an ordinary photo (JPG, PNG or WEBP).',
  storageFull: "We can't accept uploads right now. Please try again in a minute.",
} as const;

const reject = (code: string, message: string, status = 400) => new AppError(code, message, status);

/** The type by the file's own bytes; the declared type and the name are not trusted. */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('ascii', 0, 4) === 'RIFF' &&
    bytes.toString('ascii', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

export interface SanitizedPhoto {
  /** Re-encoded JPEG: decoded fully, oriented, resized to a working size, every metadata block dropped. */
  data: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
  originalType: ImageType;
}

/**
 * An upload written to a private temporary file while it arrived (the REST path), so it never
 * sits whole in the API's memory and a decode process reads it without it crossing a pipe.
 */
export interface UploadedFile {
  readonly path: string;
  readonly size: number;
  /** Its first bytes, for the type check by magic bytes. */
  readonly head: Buffer;
  /** Removes the file (the upload as it came, EXIF and GPS included); safe to call again. */
  readonly discard: () => Promise<void>;
  /**
   * The working JPEG from a decode that read the upload while it arrived, or null (none could
   * start, or it failed: the file is decoded then, and that decode answers).
   */
  readonly decodedWhileArriving?: () => Promise<DecodedPhoto | null>;
}

/** An upload as the adapters hand it over: the bytes in memory, or a file written as they arrived. */
export type Upload = Buffer | UploadedFile;

export const isUploadedFile = (upload: Upload): upload is UploadedFile => !Buffer.isBuffer(upload);

/** What a decoder reads: the bytes, or a file by its path. */
export type PhotoSource = Buffer | { readonly path: string };

const sharpInput = (source: PhotoSource) => (Buffer.isBuffer(source) ? source : source.path);

export interface DecodedPhoto {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Turns an upload that passed checkUploadHeader into the working JPEG, checking its dimensions
 * first (checkDimensions); the service runs it in a separate process with a time limit.
 */
export type PhotoDecoder = (source: PhotoSource) => Promise<DecodedPhoto>;

/**
 * The expensive step: checks the dimensions from the image header (the pixel limit, before any
 * pixel is decoded), then decodes every pixel, orients, resizes to the working size and
 * re-encodes, which drops every metadata block (EXIF, GPS). Throws an UPLOAD_TOO_MANY_PIXELS or
 * UPLOAD_UNREADABLE AppError.
 */
export const decodePhoto: PhotoDecoder = async (source) => {
  await checkDimensions(source);
  try {
    const { data, info } = await sharp(sharpInput(source), {
      limitInputPixels: MAX_UPLOAD_PIXELS,
      failOn: 'truncated',
    })
      .rotate()
      // Longest side sent on to the image service: no more than its output, and decoding less is faster.
      .resize(OUTPUT_SIZE, OUTPUT_SIZE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 92, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw unreadable();
  }
};

export const unreadable = () => reject('UPLOAD_UNREADABLE', UPLOAD_MESSAGES.unreadable, 422);
export const tooSlow = () => reject('UPLOAD_TOO_SLOW', UPLOAD_MESSAGES.tooSlow, 422);
export const tooManyPixels = () =>
  reject('UPLOAD_TOO_MANY_PIXELS', UPLOAD_MESSAGES.tooManyPixels, 413);

/**
 * The cheap checks, from the bytes as they came: present, size and type by magic bytes. The
 * dimensions are read by the decoder itself (checkDimensions), so the file an upload was
 * written to is opened and parsed once, in the decode process, not a second time here.
 */
export function checkUploadHeader(upload: Upload | null | undefined): ImageType {
  if (!upload) throw reject('UPLOAD_MISSING', UPLOAD_MESSAGES.missing);
  const size = isUploadedFile(upload) ? upload.size : upload.length;
  if (size === 0) throw reject('UPLOAD_EMPTY', UPLOAD_MESSAGES.empty);
  if (size > MAX_UPLOAD_BYTES) throw reject('UPLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge, 413);
  const originalType = detectImageType(isUploadedFile(upload) ? upload.head : upload);
  if (!originalType) throw reject('UPLOAD_UNSUPPORTED_TYPE', UPLOAD_MESSAGES.unsupported, 415);
  return originalType;
}

/** The dimensions and the pixel limit, from the image header only: no pixel is decoded. */
export async function checkDimensions(source: PhotoSource): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(sharpInput(source), { limitInputPixels: false }).metadata());
  } catch {
    throw unreadable();
  }
  if (!width || !height) throw unreadable();
  if (width * height > MAX_UPLOAD_PIXELS) throw tooManyPixels();
}

/**
 * Every check an upload passes before any credit is held, each with its own message, and the
 * re-encoding that strips EXIF and GPS before the photo leaves our server.
 */
export async function sanitizeUpload(
  upload: Upload | null | undefined,
  decode: PhotoDecoder = decodePhoto,
): Promise<SanitizedPhoto> {
  const originalType = checkUploadHeader(upload);
  const early = isUploadedFile(upload!) ? await upload.decodedWhileArriving?.() : null;
  const { data, width, height } = early ?? (await decode(upload!));
  return { data, contentType: 'image/jpeg', width, height, originalType };
}
