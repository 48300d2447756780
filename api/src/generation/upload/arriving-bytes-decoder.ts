/**
 * Decoding an upload while its bytes still arrive: libvips (the build sharp already loaded) reads
 * them from a FIFO as the API writes them, so libjpeg decodes each part of the image as soon as it
 * is in and the working JPEG is ready a few milliseconds after the last byte. sharp only decodes
 * a whole buffer or file, so the few libvips calls this needs are made through koffi.
 *
 * Linux only (the library is found in /proc/self/maps); elsewhere, or if anything here cannot be
 * loaded, `arrivingBytesDecoder()` answers null and uploads are decoded once they are in.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as KoffiModule from 'koffi';
import { OUTPUT_SIZE } from '../output-size';
import type { DecodeRefusal } from './decode-frames';
import { MAX_UPLOAD_PIXELS, type DecodedPhoto } from './sanitize-upload';

type Koffi = typeof KoffiModule;
type NativeFunction = (...args: unknown[]) => unknown;

const require = createRequire(import.meta.url);

// libvips enums (vips/enumtypes.h).
const ACCESS_SEQUENTIAL = 1;
const FAIL_ON_TRUNCATED = 1;
const KEEP_NONE = 0;
const SUBSAMPLE_ON = 1;
const INTENT_PERCEPTUAL = 0;
const INTERPRETATION_LABS = 21;
const INTERPRETATION_SRGB = 22;
const INTERPRETATION_RGB16 = 25;
const INTERPRETATION_GREY16 = 26;
const FORMAT_USHORT = 2;
const ICC_PROFILE_FIELD = 'icc-profile-data';
/** A libvips call's optional arguments, each a name and an int, ended by NULL (as koffi passes varargs). */
const intOptions = (options: Record<string, number>) => [
  ...Object.entries(options).flatMap(([name, value]) => ['const char *', name, 'int', value]),
  'void *',
  null,
];

/** A decode process's answer (`cannot`: the FIFO could not be opened here). */
export type ArrivingDecodeOutcome = DecodedPhoto | DecodeRefusal;

export interface ArrivingBytesDecoder {
  /** Reads the FIFO to its end (the API closing it) and decodes as the bytes come; blocks. */
  decodeFifo(fifoPath: string): ArrivingDecodeOutcome;
}

/** Loaded when asked for: where koffi has no build for the platform, uploads are decoded once in. */
const loadKoffi = (): Koffi | null => {
  try {
    return require('koffi') as Koffi;
  } catch {
    return null;
  }
};

/** The libvips this process already mapped (sharp's), so both share one initialised library. */
const mappedLibvips = (): string | null => {
  try {
    const line = fs
      .readFileSync('/proc/self/maps', 'utf8')
      .split('\n')
      .find((entry) => /\/libvips(-cpp)?\.so/.test(entry));
    return line ? line.slice(line.indexOf('/')) : null;
  } catch {
    return null;
  }
};

/** In a decode process, after sharp is imported: the decoder, or null where it cannot run. */
export function arrivingBytesDecoder(): ArrivingBytesDecoder | null {
  const koffi = loadKoffi();
  const libraryPath = mappedLibvips();
  if (!koffi || !libraryPath) return null;
  try {
    const vips = koffi.load(libraryPath);
    const fn = (declaration: string) => vips.func(declaration) as NativeFunction;
    const sourceFromDescriptor = fn('void *vips_source_new_from_descriptor(int descriptor)');
    const imageFromSource = fn(
      'void *vips_image_new_from_source(void *source, const char *options, ...)',
    );
    const widthOf = fn('int vips_image_get_width(void *image)');
    const heightOf = fn('int vips_image_get_height(void *image)');
    const loaderOf = fn(
      'int vips_image_get_string(void *image, const char *name, _Out_ const char **out)',
    );
    const resize = fn('int vips_resize(void *image, _Out_ void **out, double scale, ...)');
    const autorot = fn('int vips_autorot(void *image, _Out_ void **out, ...)');
    const copyMemory = fn('void *vips_image_copy_memory(void *image)');
    const orientationOf = fn('int vips_image_get_orientation(void *image)');
    const hasField = fn('uint64_t vips_image_get_typeof(void *image, const char *name)');
    const interpretationOf = fn('int vips_image_get_interpretation(void *image)');
    const iccTransform = fn(
      'int vips_icc_transform(void *image, _Out_ void **out, const char *profile, ...)',
    );
    const colourspace = fn('int vips_colourspace(void *image, _Out_ void **out, int space, ...)');
    const hasAlpha = fn('int vips_image_hasalpha(void *image)');
    const formatOf = fn('int vips_image_get_format(void *image)');
    const premultiply = fn('int vips_premultiply(void *image, _Out_ void **out, ...)');
    const unpremultiply = fn('int vips_unpremultiply(void *image, _Out_ void **out, ...)');
    const cast = fn('int vips_cast(void *image, _Out_ void **out, int format, ...)');
    const jpegsaveBuffer = fn(
      'int vips_jpegsave_buffer(void *image, _Out_ void **buffer, _Out_ size_t *length, ...)',
    );
    const unref = fn('void g_object_unref(void *object)');
    const free = fn('void g_free(void *pointer)');
    const clearError = fn('void vips_error_clear()');

    const decodeDescriptor = (descriptor: number): ArrivingDecodeOutcome => {
      const source = sourceFromDescriptor(descriptor);
      if (!source) {
        clearError();
        return 'cannot';
      }
      const owned: unknown[] = [source];
      const keep = (image: unknown) => {
        if (image) owned.push(image);
        return image;
      };
      /** Applies `operation` (an out-pointer call) to `image`; null when it failed. */
      const step = (operation: (out: unknown[]) => unknown) => {
        const out: unknown[] = [null];
        return operation(out) === 0 ? keep(out[0]) : null;
      };
      try {
        // The header alone (no pixel decoded): the pixel limit before any decoding.
        const header = keep(
          imageFromSource(source, '', ...intOptions({ access: ACCESS_SEQUENTIAL })),
        );
        if (!header) return 'unreadable';
        const width = widthOf(header) as number;
        const height = heightOf(header) as number;
        if (!width || !height) return 'unreadable';
        if (width * height > MAX_UPLOAD_PIXELS) return 'tooManyPixels';
        const loader: unknown[] = [null];
        const isJpeg =
          loaderOf(header, 'vips-loader', loader) === 0 && String(loader[0]).startsWith('jpegload');
        // A JPEG decodes straight at 1/2, 1/4 or 1/8 of its size while still larger than the
        // working size, as sharp's shrink-on-load does.
        let shrink = 1;
        while (isJpeg && shrink < 8 && Math.max(width, height) / (shrink * 2) >= OUTPUT_SIZE)
          shrink *= 2;
        const loaded = keep(
          imageFromSource(
            source,
            '',
            ...intOptions({
              access: ACCESS_SEQUENTIAL,
              fail_on: FAIL_ON_TRUNCATED,
              ...(isJpeg && { shrink }),
            }),
          ),
        );
        if (!loaded) return 'unreadable';
        const longest = Math.max(widthOf(loaded) as number, heightOf(loaded) as number);
        // As sharp resizes: with its alpha premultiplied (transparent pixels' colours do not bleed
        // into the edges), back in the loaded format after each step.
        const format = formatOf(loaded) as number;
        const premultiplied =
          longest > OUTPUT_SIZE && Number(hasAlpha(loaded)) !== 0
            ? step((out) => premultiply(loaded, out, ...intOptions({})))
            : null;
        const resizable = premultiplied
          ? step((out) => cast(premultiplied, out, format, ...intOptions({})))
          : loaded;
        const resized =
          resizable && longest > OUTPUT_SIZE
            ? step((out) => resize(resizable, out, OUTPUT_SIZE / longest, ...intOptions({})))
            : resizable;
        const unpremultiplied =
          premultiplied && resized && step((out) => unpremultiply(resized, out, ...intOptions({})));
        const sized = premultiplied
          ? unpremultiplied && step((out) => cast(unpremultiplied, out, format, ...intOptions({})))
          : resized;
        // The orientation the camera recorded, applied (and its tag removed). Turning a photo reads
        // it out of order, which a stream cannot: such a photo is decoded in full here first. An
        // upright one streams from the loader to the encoder (no copy of its pixels, which cost
        // 3–10 ms of a 5 MB photo's decode).
        const needsTurning = sized && (orientationOf(sized) as number) > 1;
        const decoded = needsTurning ? keep(copyMemory(sized)) : sized;
        const turned = needsTurning
          ? decoded && step((out) => autorot(decoded, out, ...intOptions({})))
          : decoded;
        if (!turned) return 'unreadable';
        // In sRGB, as sharp makes its output: through the embedded profile (a Display P3 or Adobe
        // RGB photo keeps its colours once the profile is dropped; sharp leaves a 16-bit grey's
        // profile alone), or from CMYK; then any other space (grey, 16-bit RGB) converted, so a
        // grey photo is sent as three channels whichever path decoded it.
        const space = interpretationOf(turned) as number;
        const profiled =
          Number(hasField(turned, ICC_PROFILE_FIELD)) !== 0 &&
          space !== INTERPRETATION_GREY16 &&
          space !== INTERPRETATION_LABS
            ? step((out) =>
                iccTransform(
                  turned,
                  out,
                  'srgb',
                  ...intOptions({ embedded: 1, intent: INTENT_PERCEPTUAL }),
                ),
              )
            : turned;
        const profiledSpace = profiled && (interpretationOf(profiled) as number);
        const sixteenBit =
          profiled &&
          (profiledSpace === INTERPRETATION_RGB16 || profiledSpace === INTERPRETATION_GREY16)
            ? step((out) => cast(profiled, out, FORMAT_USHORT, ...intOptions({})))
            : profiled;
        const upright =
          sixteenBit && profiledSpace !== INTERPRETATION_SRGB
            ? step((out) =>
                colourspace(
                  sixteenBit,
                  out,
                  INTERPRETATION_SRGB,
                  ...intOptions({ source_space: profiledSpace as number }),
                ),
              )
            : sixteenBit;
        if (!upright) return 'unreadable';
        const buffer: unknown[] = [null];
        const length: number[] = [0];
        if (
          jpegsaveBuffer(
            upright,
            buffer,
            length,
            // Every metadata block dropped (EXIF, GPS), as the re-encode in decodePhoto does.
            // 4:2:0 and optimised Huffman tables, sharp's defaults, as decodePhoto's output.
            ...intOptions({
              Q: 92,
              keep: KEEP_NONE,
              subsample_mode: SUBSAMPLE_ON,
              optimize_coding: 1,
            }),
          ) !== 0
        )
          return 'unreadable';
        const data = Buffer.from(
          koffi.decode(buffer[0], 'uint8_t', Number(length[0])) as Uint8Array,
        );
        free(buffer[0]);
        return { data, width: widthOf(upright) as number, height: heightOf(upright) as number };
      } finally {
        for (const object of owned.reverse()) unref(object);
        clearError();
      }
    };

    const libc = koffi.load('libc.so.6');
    const fcntl = libc.func('int fcntl(int descriptor, int command, ...)') as NativeFunction;
    const F_GETFL = 3;
    const F_SETFL = 4;
    return {
      decodeFifo(fifoPath) {
        let descriptor: number;
        try {
          // Opened without waiting for a writer (the API may have written every byte and closed
          // its end already; the FIFO keeps them while the API holds its reading end open), then
          // made blocking, so libvips waits for the bytes still to come.
          descriptor = fs.openSync(fifoPath, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
        } catch {
          return 'cannot';
        }
        const flags = fcntl(descriptor, F_GETFL, 'int', 0) as number;
        if (
          flags < 0 ||
          (fcntl(descriptor, F_SETFL, 'int', flags & ~fs.constants.O_NONBLOCK) as number) < 0
        ) {
          fs.closeSync(descriptor);
          return 'cannot';
        }
        try {
          return decodeDescriptor(descriptor);
        } finally {
          fs.closeSync(descriptor);
        }
      },
    };
  } catch {
    return null;
  }
}

/** What the API needs to hand an upload's bytes to a decode process as they arrive. */
export interface FifoTools {
  /** mkfifo(3), mode 0600; false when it failed. */
  make(fifoPath: string): boolean;
  /**
   * Grows the FIFO's buffer (F_SETPIPE_SZ, up to 1 MB unprivileged): with the default 64 KB the
   * API and the decode process took turns 80 times for a 5 MB photo, each turn a wake-up.
   */
  widen(descriptor: number): void;
}

const F_SETPIPE_SZ = 1031;
const PIPE_BYTES = 1024 * 1024;

/** For the API side; null where it cannot be called. */
export function fifoTools(): FifoTools | null {
  const koffi = loadKoffi();
  if (!koffi || process.platform !== 'linux') return null;
  try {
    const libc = koffi.load('libc.so.6');
    const mkfifo = libc.func('int mkfifo(const char *path, uint32_t mode)') as NativeFunction;
    const fcntl = libc.func('int fcntl(int descriptor, int command, ...)') as NativeFunction;
    return {
      make: (fifoPath) => mkfifo(fifoPath, 0o600) === 0,
      // A smaller buffer than asked for (a lower pipe-max-size) still works, with more turns.
      widen: (descriptor) => void fcntl(descriptor, F_SETPIPE_SZ, 'int', PIPE_BYTES),
    };
  } catch {
    return null;
  }
}
