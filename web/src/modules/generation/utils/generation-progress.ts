/**
 * What the page says while a generation runs (10–60 s): what the server reports (waiting for the
 * image service, or being drawn by it), with the elapsed time for the rest.
 */
export type GenerationStage = {
  id: 'uploading' | 'queued' | 'generating' | 'finishing' | 'slow';
  /** Short line for the progress card and the live region. */
  title: string;
  detail: string;
};

export const STAGE_STARTS_MS = { generating: 3000, finishing: 25_000, slow: 60_000 } as const;

/** The server's view of the generation: unknown until its photo has passed the checks. */
export type ServerStage = 'QUEUED' | 'RENDERING' | 'DONE' | null;

export const generationStage = (
  elapsedMs: number,
  resultNoun: string,
  serverStage: ServerStage = null,
): GenerationStage => {
  if (serverStage === 'QUEUED') {
    return {
      id: 'queued',
      title: 'Waiting for the image service',
      detail:
        'Your photo is checked and your place is kept. Pro and Ultra plans go first in the queue.',
    };
  }
  if (serverStage === null && elapsedMs < STAGE_STARTS_MS.generating) {
    return {
      id: 'uploading',
      title: 'Uploading your photo',
      detail: 'We check the photo and remove its location data before anything else.',
    };
  }
  if (elapsedMs < STAGE_STARTS_MS.finishing) {
    return {
      id: 'generating',
      title: `Creating your ${resultNoun}`,
      detail: 'The image model is painting your picture. This usually takes 10 to 30 seconds.',
    };
  }
  if (elapsedMs < STAGE_STARTS_MS.slow) {
    return {
      id: 'finishing',
      title: 'Adding the finishing touches',
      detail: 'Almost there. Busy moments can take up to a minute.',
    };
  }
  return {
    id: 'slow',
    title: 'This is taking longer than usual',
    detail: 'Hang on a little longer. If it fails, your credits are returned.',
  };
};

/** "0:07", "1:02" */
export const formatElapsed = (elapsedMs: number): string => {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** A bar that moves quickly at first and slows down, never reaching the end before the result. */
export const progressFraction = (elapsedMs: number): number =>
  Math.min(0.95, 1 - Math.exp(-Math.max(0, elapsedMs) / 18_000));
