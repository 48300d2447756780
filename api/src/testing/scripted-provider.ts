import sharp from 'sharp';
import type {
  GenerationInput,
  ImageProvider,
  ProviderOutcome,
  ProviderSubmission,
  StyleId,
} from '../generation/engine/image-provider';
import { TOOK_TOO_LONG_MESSAGE } from '../generation/engine/local/local-provider';

/**
 * What the stand-in image service does with a generation: finish with an image, fail, keep going
 * until the server stops waiting (a timeout), or wait for the test to say (a generation held open
 * while something else happens to the account).
 */
export type ScriptedOutcome = 'succeed' | 'fail' | 'timeout' | 'gate';

export const SCRIPTED_FAILURE_MESSAGE =
  'The image service could not make this image. Your credits were not used.';

let tinyPng: Promise<Buffer> | null = null;
const resultPng = () =>
  (tinyPng ??= sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 120, b: 60 } },
  })
    .png()
    .toBuffer());

/** An image provider for tests, behind the same port as Replicate and the local engine. */
export class ScriptedProvider implements ImageProvider {
  readonly name = 'scripted';
  /** Decides each generation's outcome by its style (the model-based test) or by default. */
  outcomeFor: (style: StyleId) => ScriptedOutcome = () => 'succeed';
  private readonly styles = new Map<string, StyleId>();
  private readonly gated = new Map<string, (outcome: ProviderOutcome) => void>();

  async submit(input: GenerationInput): Promise<ProviderSubmission> {
    const predictionId = `scripted-${input.generationId}`;
    this.styles.set(predictionId, input.style);
    return { predictionId };
  }

  async wait(predictionId: string, signal?: AbortSignal): Promise<ProviderOutcome> {
    const outcome = this.outcomeFor(this.styles.get(predictionId) ?? 'ghibli');
    if (outcome === 'succeed') return { status: 'succeeded', png: await resultPng() };
    if (outcome === 'fail')
      return { status: 'failed', code: 'PROVIDER_FAILED', message: SCRIPTED_FAILURE_MESSAGE };
    return new Promise((resolve) => {
      if (outcome === 'gate') this.gated.set(predictionId, resolve);
      signal?.addEventListener('abort', () =>
        resolve({ status: 'canceled', message: TOOK_TOO_LONG_MESSAGE }),
      );
    });
  }

  async check(): Promise<ProviderOutcome> {
    return { status: 'processing' };
  }

  /** Generations held open by a gate right now. */
  get waiting(): number {
    return this.gated.size;
  }

  /** Ends every gated generation the same way. */
  open(outcome: 'succeed' | 'fail') {
    for (const [predictionId, resolve] of this.gated) {
      this.gated.delete(predictionId);
      if (outcome === 'fail')
        resolve({ status: 'failed', code: 'PROVIDER_FAILED', message: SCRIPTED_FAILURE_MESSAGE });
      else void resultPng().then((png) => resolve({ status: 'succeeded', png }));
    }
  }
}
