import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as TfCore from '@tensorflow/tfjs-core';
import type { Config, FaceResult, Human } from '@vladmandic/human';

/**
 * The face engine: `@vladmandic/human` on TensorFlow.js's WebAssembly backend, both plain npm
 * packages. The model weights (`models/` of the human package) and the `.wasm` files (the wasm
 * backend's `dist/`) are read from node_modules: nothing is downloaded, at install or at run time.
 *
 * Loaded on the first face request (`faceEngine()`), never at start: the service starts as fast
 * as before, and a process that never sees a face never pays for the models. Detections run one
 * at a time (the backend has one heap; a queue keeps a burst of uploads from piling up tensors).
 */

const require = createRequire(import.meta.url);

/** Human's own package exports no subpath for its wasm build: found beside its main file. */
const HUMAN_DIST = dirname(require.resolve('@vladmandic/human'));
const MODELS_DIR = join(HUMAN_DIST, '..', 'models');
const WASM_DIR = `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`;
/** A scheme of our own: tfjs asks the load router below, which reads the package's files. */
const MODEL_SCHEME = 'facemodels://';

/** What one detection found, in the analysed picture's pixels. */
export interface DetectedFace {
  /** Detector confidence, 0..1. */
  boxScore: number;
  /** Face-mesh confidence that this is a face seen well enough to describe, 0..1. */
  faceScore: number;
  /** x, y, width, height. */
  box: [number, number, number, number];
  /** The descriptor (1024 numbers), absent when the face could not be described. */
  embedding?: number[];
}

export interface Rgb {
  data: Uint8Array;
  width: number;
  height: number;
}

interface FaceEngine {
  detect(image: Rgb): Promise<DetectedFace[]>;
  /** Milliseconds the models took to load. */
  loadMs: number;
}

const CONFIG: Partial<Config> = {
  backend: 'wasm',
  wasmPath: WASM_DIR,
  wasmPlatformFetch: false,
  modelBasePath: MODEL_SCHEME,
  debug: false,
  async: true,
  // Every picture is new: no frame-to-frame caching.
  cacheSensitivity: 0,
  face: {
    enabled: true,
    detector: {
      enabled: true,
      rotation: false,
      maxDetected: 10,
      minConfidence: 0.5,
      iouThreshold: 0.1,
      return: false,
      skipFrames: 0,
      skipTime: 0,
    },
    mesh: { enabled: true },
    iris: { enabled: false },
    description: { enabled: true, minConfidence: 0.1, skipFrames: 0, skipTime: 0 },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    attention: { enabled: false },
    gear: { enabled: false },
  } as Config['face'],
  body: { enabled: false } as Config['body'],
  hand: { enabled: false } as Config['hand'],
  object: { enabled: false } as Config['object'],
  gesture: { enabled: false },
  segmentation: { enabled: false } as Config['segmentation'],
  filter: { enabled: false } as Config['filter'],
};

interface WeightsGroup {
  paths: string[];
  weights: TfCore.io.WeightsManifestEntry[];
}

/** tfjs load router for `facemodels://<name>.json`: the model's JSON and weight files from the package. */
function modelRouter(url: string | string[]): TfCore.io.IOHandler | null {
  if (typeof url !== 'string' || !url.startsWith(MODEL_SCHEME)) return null;
  const name = url.slice(MODEL_SCHEME.length);
  if (!/^[\w.-]+\.json$/.test(name)) return null;
  return {
    load: async () => {
      const json = JSON.parse(await readFile(join(MODELS_DIR, name), 'utf8')) as {
        modelTopology: object;
        format?: string;
        generatedBy?: string;
        convertedBy?: string | null;
        weightsManifest: WeightsGroup[];
        signature?: object;
        userDefinedMetadata?: Record<string, object>;
      };
      const parts = await Promise.all(
        json.weightsManifest.flatMap((g) => g.paths.map((p) => readFile(join(MODELS_DIR, p)))),
      );
      const all = Buffer.concat(parts);
      return {
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
        weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
        signature: json.signature,
        userDefinedMetadata: json.userDefinedMetadata,
      };
    },
  };
}

async function load(): Promise<FaceEngine> {
  const started = performance.now();
  const tf = require('@tensorflow/tfjs-core') as typeof TfCore;
  require('@tensorflow/tfjs-backend-wasm');
  const { Human: HumanClass } = require(join(HUMAN_DIST, 'human.node-wasm.js')) as {
    Human: new (config: Partial<Config>) => Human;
  };
  // A router answers null for URLs it does not take (tfjs's own routers do the same).
  tf.io.registerLoadRouter(modelRouter as Parameters<typeof tf.io.registerLoadRouter>[0]);
  const human = new HumanClass(CONFIG);
  await human.load();
  await human.init();
  if (tf.getBackend() !== 'wasm') throw new Error(`face engine: backend ${tf.getBackend()} instead of wasm`);
  let queue: Promise<unknown> = Promise.resolve();
  const run = async (image: Rgb): Promise<DetectedFace[]> => {
    const ints = new Int32Array(image.data.length);
    ints.set(image.data);
    const tensor = tf.tensor(ints, [1, image.height, image.width, 3], 'int32');
    try {
      const result = await human.detect(tensor as never);
      if (result.error) throw new Error(`face engine: ${result.error}`);
      return result.face.map((f: FaceResult) => ({
        boxScore: f.boxScore,
        faceScore: f.faceScore,
        box: f.box,
        embedding: f.embedding && f.embedding.length > 0 ? Array.from(f.embedding) : undefined,
      }));
    } finally {
      tf.dispose(tensor);
    }
  };
  return {
    loadMs: Math.round(performance.now() - started),
    detect(image) {
      const next = queue.then(() => run(image));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

let engine: Promise<FaceEngine> | undefined;

/** The engine, loaded on first use; a failed load is tried again on the next call. */
export function faceEngine(): Promise<FaceEngine> {
  engine ??= load().catch((err: unknown) => {
    engine = undefined;
    throw err;
  });
  return engine;
}
