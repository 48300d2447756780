import { FAKE_TEXTS, predictionId, renderOutput } from './fake-model.js';
import type { RenderedOutput } from './fake-model.js';

export type FakeScenario =
  'succeeded' | 'failed' | 'canceled' | 'slow' | 'rate-limited' | 'nsfw' | 'jpeg';

export const SCENARIOS: readonly FakeScenario[] = [
  'succeeded',
  'failed',
  'canceled',
  'slow',
  'rate-limited',
  'nsfw',
  'jpeg',
];

/** Replicate's prediction object, as served. */
export interface PredictionJson {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  logs: string;
  output: string | null;
  data_removed: boolean;
  error: string | null;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  source: 'api';
  created_at: string;
  started_at?: string;
  completed_at?: string;
  metrics?: { predict_time: number; total_time: number };
  urls: { get: string; cancel: string; web: string };
}

export interface FakePrediction {
  readonly json: PredictionJson;
  readonly scenario: FakeScenario;
  readonly errorText: string | undefined;
  /** GETs answered while it was running. */
  polls: number;
  canceledBy?: 'client' | 'server';
  output?: RenderedOutput;
  readonly render: Promise<RenderedOutput> | undefined;
}

export interface NewPrediction {
  readonly apiBaseUrl: string;
  readonly model: string;
  readonly input: Record<string, unknown>;
  readonly scenario: FakeScenario;
  readonly error: string | undefined;
  readonly outputSize: number;
}

export function createPrediction(spec: NewPrediction): FakePrediction {
  const id = predictionId();
  const { scenario, input } = spec;
  const renders = scenario === 'succeeded' || scenario === 'rate-limited' || scenario === 'jpeg';
  // Rendering starts now, like the model's work; its failure is reported when the prediction finishes.
  const render = renders ? renderOutput(input, spec.outputSize, scenario === 'jpeg') : undefined;
  render?.catch(() => undefined);
  return {
    scenario,
    errorText: spec.error,
    polls: 0,
    render,
    json: {
      id,
      model: spec.model,
      version: 'hidden',
      input,
      logs: '',
      output: null,
      data_removed: false,
      error: null,
      status: 'starting',
      source: 'api',
      created_at: new Date().toISOString(),
      urls: {
        get: `${spec.apiBaseUrl}/predictions/${id}`,
        cancel: `${spec.apiBaseUrl}/predictions/${id}/cancel`,
        web: `https://replicate.com/p/${id}`,
      },
    },
  };
}

export function isRunning(prediction: FakePrediction): boolean {
  return prediction.json.status === 'starting' || prediction.json.status === 'processing';
}

export function startPrediction(prediction: FakePrediction): void {
  if (prediction.json.status !== 'starting') return;
  prediction.json.status = 'processing';
  prediction.json.started_at = new Date().toISOString();
  prediction.json.logs = 'Using seed: 42\nRunning prediction...\n';
}

/** Moves a running prediction to the end its scenario prescribes (`slow` never gets there by itself). */
export async function finishPrediction(
  prediction: FakePrediction,
  filesBaseUrl: string,
): Promise<void> {
  startPrediction(prediction);
  switch (prediction.scenario) {
    case 'slow':
      return;
    case 'failed':
      return completePrediction(prediction, 'failed', prediction.errorText ?? FAKE_TEXTS.failed);
    case 'nsfw':
      return completePrediction(prediction, 'failed', FAKE_TEXTS.nsfw);
    case 'canceled':
      prediction.canceledBy = 'server';
      return completePrediction(prediction, 'canceled');
    default:
      try {
        prediction.output = await prediction.render!;
      } catch {
        return completePrediction(prediction, 'failed', 'Failed to decode the input image.');
      }
      if (!isRunning(prediction)) return; // canceled while the image was being made
      prediction.json.output = `${filesBaseUrl}/${prediction.json.id}.${prediction.output.extension}`;
      prediction.json.logs += 'Generated image in 3.1sec\n';
      return completePrediction(prediction, 'succeeded');
  }
}

export function cancelPrediction(prediction: FakePrediction): void {
  if (!isRunning(prediction)) return;
  prediction.canceledBy = 'client';
  completePrediction(prediction, 'canceled');
}

function completePrediction(
  prediction: FakePrediction,
  status: 'succeeded' | 'failed' | 'canceled',
  error?: string,
): void {
  const { json } = prediction;
  json.status = status;
  json.error = error ?? null;
  json.completed_at = new Date().toISOString();
  const seconds = (Date.parse(json.completed_at) - Date.parse(json.created_at)) / 1000;
  json.metrics = { predict_time: seconds, total_time: seconds };
}
