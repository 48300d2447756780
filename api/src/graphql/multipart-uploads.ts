import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import busboy from 'busboy';
import { GraphQLError } from 'graphql';
import { createGraphQLError, type GraphQLParams, type Plugin } from 'graphql-yoga';
import type { DecodeWhileArriving } from '../generation/upload/decode-while-arriving';
import type { Upload, UploadedFile } from '../generation/upload/sanitize-upload';
import type { UploadFolder } from '../generation/upload/upload-folder';
import { UploadStorageFullError } from '../generation/upload/upload-storage-full';

/** What the File scalar accepts: Yoga's File (in-process requests) or a StoredUpload. */
export type FileUpload = Pick<Blob, 'size' | 'type' | 'arrayBuffer'> & { readonly name: string };

/**
 * A file part written to a private temporary file as it arrived: an UploadedFile for the
 * generation service (the decode process reads it by its path) and File-like for resolvers that
 * want the bytes (arrayBuffer reads the file).
 */
export class StoredUpload implements UploadedFile, FileUpload {
  readonly path: string;
  readonly size: number;
  readonly head: Buffer;
  readonly discard: () => Promise<void>;
  readonly decodedWhileArriving?: UploadedFile['decodedWhileArriving'];

  constructor(
    file: UploadedFile,
    readonly name: string,
    readonly type: string,
  ) {
    ({
      path: this.path,
      size: this.size,
      head: this.head,
      discard: this.discard,
      decodedWhileArriving: this.decodedWhileArriving,
    } = file);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await fs.promises.readFile(this.path);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
}

/** The upload as the generation service takes it: the stored file itself, or Yoga's File's bytes. */
export const uploadOf = async (file: FileUpload): Promise<Upload> =>
  file instanceof StoredUpload ? file : Buffer.from(await file.arrayBuffer());

export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
}

export type UploadRefusal = 'too_large' | 'storage_full';

/**
 * A decode of a file part while it arrives, for a request whose `operations` (sent before the
 * files, as the spec orders them) will want one; undefined when none should start.
 */
export type DecodeWhileArrivingFor = (
  req: IncomingMessage,
  operations: string | undefined,
) => DecodeWhileArriving | undefined;

const badMultipart = (reason: string) =>
  createGraphQLError(`POST body sent invalid multipart data: ${reason}`, {
    extensions: { http: { status: 400 }, code: 'BAD_REQUEST' },
  });

const badField = (message: string) =>
  createGraphQLError(message, { extensions: { http: { status: 400 }, code: 'BAD_REQUEST' } });

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Yoga's setObjectKeyPath: `variables.input.photo` → operations.variables.input.photo = value. */
function setObjectKeyPath(object: Record<string, unknown>, keyPath: string, value: unknown) {
  const keys = keyPath.split('.');
  let current = object;
  for (const [index, key] of keys.entries()) {
    if (FORBIDDEN_KEYS.has(key)) return;
    if (index === keys.length - 1) {
      current[key] = value;
      return;
    }
    const next = current[key];
    if (!Object.hasOwn(current, key) || typeof next !== 'object' || next === null)
      current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
}

function parseJson(value: string | undefined, field: string): unknown {
  if (value === undefined) throw badField(`Missing multipart form field "${field}"`);
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw badField(`Multipart form field "${field}" must be a valid JSON string`);
  }
}

function asGraphQLError(error: unknown) {
  if (error instanceof UploadStorageFullError) {
    return createGraphQLError(error.message, {
      extensions: {
        code: error.code,
        http: { status: 503, headers: { 'Retry-After': String(error.retryAfterSeconds) } },
      },
    });
  }
  if (error instanceof GraphQLError) return error;
  // A failed write (EACCES, EIO …) is ours, not the client's: Yoga masks it as a 500 and the API
  // logs it, and its message (which names the upload's path) never reaches the client.
  if (error instanceof Error && 'syscall' in error) return error;
  return error instanceof Error ? badMultipart(error.message) : error;
}

/**
 * Reads a GraphQL multipart request (the spec apollo-upload-client follows: `operations`, `map`,
 * then the files) from Node's request with busboy, writing each file to `folder` while it
 * arrives instead of collecting it in memory. Same limits and errors as Yoga's formData parser.
 * Every file is removed when the response closes (answered, failed, or the client went away).
 */
function parseMultipart(
  req: IncomingMessage,
  res: ServerResponse,
  folder: UploadFolder,
  limits: MultipartLimits,
  refused: (reason: UploadRefusal) => void,
  whileArrivingFor: DecodeWhileArrivingFor,
): Promise<GraphQLParams> {
  return new Promise<GraphQLParams>((resolve, reject) => {
    const fields = new Map<string, string>();
    const files = new Map<string, Promise<StoredUpload>>();
    const written: UploadedFile[] = [];
    const decoding: DecodeWhileArriving[] = [];
    let closed = false;
    let parsed = false;
    let failed: unknown = null;
    let parser: busboy.Busboy | undefined;

    const fail = (error: unknown) => {
      if (failed) return;
      failed = error;
      if (parser) req.unpipe(parser);
      // The rest of the body is read and dropped, so the answer can be sent.
      req.resume();
      reject(asGraphQLError(error));
    };
    res.once('close', () => {
      closed = true;
      for (const file of written) void file.discard();
      for (const decode of decoding) decode.abandon();
      if (!failed && !parsed) fail(new Error('The request was closed before its body arrived'));
      parser?.destroy();
    });

    try {
      parser = busboy({ headers: req.headers, limits });
    } catch (error) {
      fail(error);
      return;
    }

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new Error(`Field "${name}" is too long`));
      fields.set(name, value);
    });
    parser.on('file', (name, stream, info) => {
      let truncated = false;
      stream.once('limit', () => {
        truncated = true;
      });
      if (failed || files.has(name)) {
        stream.resume();
        return;
      }
      const whileArriving = whileArrivingFor(req, fields.get('operations'));
      if (whileArriving) decoding.push(whileArriving);
      const stored = folder.receive(stream, undefined, whileArriving).then((file) => {
        written.push(file);
        if (closed) void file.discard();
        if (truncated) {
          refused('too_large');
          throw createGraphQLError(`File size limit exceeded: ${limits.fileSize} bytes`, {
            extensions: { http: { status: 413 }, code: 'REQUEST_ENTITY_TOO_LARGE' },
          });
        }
        return new StoredUpload(file, info.filename ?? name, info.mimeType);
      });
      stored.catch((error: unknown) => {
        if (error instanceof UploadStorageFullError) refused('storage_full');
        fail(error);
      });
      files.set(name, stored);
    });
    parser.on('filesLimit', () => fail(new Error(`Files limit exceeded: ${limits.files}`)));
    parser.on('fieldsLimit', () => fail(new Error(`Fields limit exceeded: ${limits.fields}`)));
    parser.on('partsLimit', () => fail(new Error('Parts limit exceeded')));
    parser.on('error', fail);
    parser.on('close', () => {
      if (failed) return;
      void (async () => {
        const operations = parseJson(fields.get('operations'), 'operations');
        if (typeof operations !== 'object' || operations === null)
          throw badField('Multipart form field "operations" must be a valid JSON string');
        const mapField = fields.get('map');
        if (mapField !== undefined) {
          const map = parseJson(mapField, 'map') as Record<string, unknown>;
          for (const [key, paths] of Object.entries(map ?? {})) {
            const file = (await files.get(key)) ?? null;
            for (const keyPath of Array.isArray(paths) ? paths : [])
              if (typeof keyPath === 'string')
                setObjectKeyPath(operations as Record<string, unknown>, keyPath, file);
          }
        }
        await Promise.all(files.values());
        parsed = true;
        return operations as GraphQLParams;
      })().then(resolve, (error: unknown) => {
        if (!failed) {
          failed = error;
          reject(asGraphQLError(error));
        }
      });
    });
    req.pipe(parser);
  });
}

/**
 * Multipart requests served from Node (`serverContext.req`) are parsed by parseMultipart: each
 * file is written to a private temporary file as it arrives, not held in memory as Yoga's
 * formData does. Requests built in-process (yoga.fetch) keep Yoga's parser.
 */
export function useMultipartUploads(
  folder: UploadFolder,
  limits: MultipartLimits,
  refused: (reason: UploadRefusal) => void = () => {},
  whileArrivingFor: DecodeWhileArrivingFor = () => undefined,
): Plugin<{ req?: IncomingMessage; res?: ServerResponse }> {
  return {
    onRequestParse({ request, setRequestParser, serverContext }) {
      const { req, res } = serverContext as { req?: IncomingMessage; res?: ServerResponse };
      if (!req || !res || request.method !== 'POST') return;
      const type = request.headers.get('content-type') ?? '';
      if (!type.toLowerCase().startsWith('multipart/form-data')) return;
      setRequestParser(() => parseMultipart(req, res, folder, limits, refused, whileArrivingFor));
    },
  };
}
