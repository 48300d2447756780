export type StyleId = 'action-figure' | 'ghibli' | 'pixar' | 'anime' | 'snoopy' | 'chibi';

export const STYLE_IDS: readonly StyleId[] = [
  'action-figure',
  'ghibli',
  'pixar',
  'anime',
  'snoopy',
  'chibi',
];

export interface ActionFigureDetails {
  name: string;
  profession: string;
  accessories: string[];
  pose?: string;
  style?: string;
  packagingStyle?: string;
  sceneEnvironment?: string;
}

export interface GenerationInput {
  generationId: string;
  style: StyleId;
  prompt: string;
  /** Random seed of this generation: the same photo, prompt and seed give the same image. */
  seed?: number;
  /** Already validated and metadata-stripped PNG, JPEG or WEBP. */
  photo: Buffer;
  actionFigure?: ActionFigureDetails;
  signal?: AbortSignal;
}

export interface ProviderSubmission {
  predictionId: string;
}

export type ProviderOutcome =
  | { status: 'succeeded'; png: Buffer }
  | { status: 'failed'; message: string; code: string }
  | { status: 'canceled'; message: string }
  | { status: 'processing' };

export interface ImageProvider {
  readonly name: string;
  submit(input: GenerationInput): Promise<ProviderSubmission>;
  wait(predictionId: string, signal?: AbortSignal): Promise<ProviderOutcome>;
  /** Used by crash recovery: reports without waiting. */
  check(predictionId: string): Promise<ProviderOutcome>;
}

export type ProviderErrorCode =
  | 'PROVIDER_FAILED'
  | 'PROVIDER_TIMEOUT'
  | 'PROVIDER_RATE_LIMITED'
  | 'PROVIDER_CANCELED'
  | 'PROVIDER_UNAVAILABLE';

export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
