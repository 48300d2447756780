import { componentLogger } from '@app/ledger';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Rgb } from '../pixels';

/**
 * Face, face-landmark and object detection on the CPU with @vladmandic/human (MIT) on
 * TensorFlow.js's WebAssembly backend (Apache-2.0). Everything it needs ships inside the npm
 * packages: the models in `@vladmandic/human/models`, the .wasm binaries in
 * `@tensorflow/tfjs-backend-wasm/dist`; both are read from disk, nothing is fetched. One
 * instance is loaded lazily and shared by every render; calls run one at a time.
 */

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface DetectedFace {
  readonly box: Box;
  readonly score: number;
  /** Centres and radii of the eyes (from the face mesh), when the mesh was found. */
  readonly eyes: readonly { readonly centre: Point; readonly radius: number }[];
  /** The face outline (mesh silhouette), clockwise; empty without a mesh. */
  readonly outline: readonly Point[];
}

export interface DetectedObject {
  readonly label: string;
  readonly box: Box;
  readonly score: number;
}

/** Coordinates are pixels of the image that was passed in. */
export interface Detection {
  readonly faces: readonly DetectedFace[];
  readonly objects: readonly DetectedObject[];
}

interface HumanResult {
  face: {
    box: [number, number, number, number];
    score: number;
    mesh?: [number, number, number?][];
    annotations?: Record<string, [number, number, number?][]>;
  }[];
  object: { label: string; box: [number, number, number, number]; score: number }[];
}

interface Tensor {
  dispose(): void;
}

interface HumanInstance {
  load(): Promise<void>;
  warmup?(): Promise<unknown>;
  detect(input: Tensor): Promise<HumanResult>;
  tf: {
    tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor;
    getBackend(): string;
  };
}

interface IoHandler {
  load(): Promise<unknown>;
}

const require = createRequire(import.meta.url);

/** Where the models live inside the npm package. */
export function modelDirectory(): string {
  return path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models');
}

function wasmDirectory(): string {
  // Its Node entry point sits next to the .wasm binaries in `dist/`.
  return `${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`;
}

/** Reads a TF.js graph model (model.json + weight shards) from a `file://` path. */
function fileHandler(url: string): IoHandler {
  const file = url.slice('file://'.length);
  return {
    async load() {
      const json = JSON.parse(await readFile(file, 'utf8')) as {
        modelTopology: unknown;
        weightsManifest: { paths: string[]; weights: unknown[] }[];
        format?: string;
        generatedBy?: string;
        convertedBy?: string;
        signature?: unknown;
        userDefinedMetadata?: unknown;
        modelInitializer?: unknown;
      };
      const shards: Buffer[] = [];
      for (const group of json.weightsManifest) {
        for (const shard of group.paths) {
          shards.push(await readFile(path.join(path.dirname(file), shard)));
        }
      }
      const weights = Buffer.concat(shards);
      return {
        modelTopology: json.modelTopology,
        weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.length),
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature,
        userDefinedMetadata: json.userDefinedMetadata,
        modelInitializer: json.modelInitializer,
      };
    },
  };
}

async function createHuman(): Promise<HumanInstance> {
  const tf = require('@tensorflow/tfjs-core') as {
    io: { registerLoadRouter(router: (url: unknown) => IoHandler | null): void };
  };
  tf.io.registerLoadRouter((url) =>
    typeof url === 'string' && url.startsWith('file://') ? fileHandler(url) : null,
  );
  // The package's `exports` only maps its Node build to tfjs-node (a downloaded binary), so
  // the wasm build is required by its path.
  const humanPath = path.join(
    path.dirname(require.resolve('@vladmandic/human')),
    'human.node-wasm.js',
  );
  // Emscripten adds process-wide handlers that rethrow; the API keeps its own behaviour.
  const before = {
    uncaught: process.listeners('uncaughtException'),
    rejection: process.listeners('unhandledRejection'),
  };
  const { Human } = require(humanPath) as {
    Human: new (config: Record<string, unknown>) => HumanInstance;
  };
  const human = new Human({
    backend: 'wasm',
    wasmPath: wasmDirectory(),
    wasmPlatformFetch: false,
    modelBasePath: `file://${modelDirectory()}/`,
    cacheModels: false,
    debug: false,
    async: true,
    warmup: 'none',
    // Every photo is its own still: no reuse of an earlier input's boxes (Human caches results
    // for video frames that look alike, which made the same photo frame differently by timing).
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: {
        rotation: false,
        maxDetected: 4,
        minConfidence: 0.4,
        return: false,
        skipFrames: 0,
        skipTime: 0,
      },
      mesh: { enabled: true },
      iris: { enabled: false },
      attention: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: true, minConfidence: 0.3, maxDetected: 5, skipFrames: 0, skipTime: 0 },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  });
  await human.load();
  for (const listener of process.listeners('uncaughtException')) {
    if (!before.uncaught.includes(listener)) process.removeListener('uncaughtException', listener);
  }
  for (const listener of process.listeners('unhandledRejection')) {
    if (!before.rejection.includes(listener))
      process.removeListener('unhandledRejection', listener);
  }
  return human;
}

let shared: Promise<HumanInstance | null> | null = null;
let queue: Promise<unknown> = Promise.resolve();

/**
 * Starts loading the models (once per process) and answers the shared instance, or null when
 * they cannot be loaded here (the engine then frames by saliency alone).
 */
export function loadDetector(): Promise<HumanInstance | null> {
  shared ??= createHuman().catch((error: unknown) => {
    componentLogger('local-engine').warn(
      { err: error },
      'the subject detector could not load; framing falls back to saliency',
    );
    return null;
  });
  return shared;
}

function toBox([x, y, width, height]: [number, number, number, number]): Box {
  return { x, y, width, height };
}

function centreOf(points: readonly [number, number, number?][]): Point {
  let x = 0,
    y = 0;
  for (const p of points) {
    x += p[0];
    y += p[1];
  }
  return { x: x / points.length, y: y / points.length };
}

function eyeOf(
  annotations: Record<string, [number, number, number?][]>,
  side: 'left' | 'right',
): { centre: Point; radius: number } | null {
  const upper = annotations[`${side}EyeUpper0`];
  const lower = annotations[`${side}EyeLower0`];
  if (!upper?.length || !lower?.length) return null;
  const all = [...upper, ...lower];
  const centre = centreOf(all);
  let radius = 0;
  for (const p of all) radius = Math.max(radius, Math.hypot(p[0] - centre.x, p[1] - centre.y));
  return { centre, radius };
}

function toFace(face: HumanResult['face'][number]): DetectedFace {
  const annotations = face.annotations ?? {};
  const eyes = [eyeOf(annotations, 'left'), eyeOf(annotations, 'right')].filter(
    (eye): eye is { centre: Point; radius: number } => eye !== null,
  );
  const silhouette = annotations['silhouette'] ?? [];
  return {
    box: toBox(face.box),
    score: face.score,
    eyes: eyes.length === 2 ? eyes : [],
    outline: silhouette.map(([x, y]) => ({ x, y })),
  };
}

/** Faces and objects in the image; empty when the detector is unavailable. */
export async function detect(image: Rgb): Promise<Detection> {
  const human = await loadDetector();
  if (!human) return { faces: [], objects: [] };
  const run = queue.then(async () => {
    const tensor = human.tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
    try {
      return await human.detect(tensor);
    } finally {
      tensor.dispose();
    }
  });
  queue = run.catch(() => undefined);
  const result = await run;
  return {
    faces: result.face
      .filter((face) => face.score >= 0.5 && face.box.every(Number.isFinite))
      .map(toFace)
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height),
    objects: result.object
      .filter((object) => object.box.every(Number.isFinite))
      .map((object) => ({ label: object.label, box: toBox(object.box), score: object.score }))
      .sort((a, b) => b.score - a.score),
  };
}
