/** A closed range of slider positions, in percent of the image width. */
export type SliderRange = { min: number; max: number };

/** Every slider starts with the two images split down the middle (spec §9). */
export const SLIDER_START = 50;

/** Creator pages: dragging may go all the way to either edge. */
export const CREATOR_DRAG_RANGE: SliderRange = { min: 0, max: 100 };

/** The creators' auto-sweep: after 1 s, steps of 1 between 5 and 95 every 50 ms (spec §4, §9). */
export const AUTO_SWEEP = {
  delayMs: 1000,
  intervalMs: 50,
  step: 1,
  range: { min: 5, max: 95 } satisfies SliderRange,
} as const;

export const clampToRange = (value: number, { min, max }: SliderRange): number =>
  Math.min(max, Math.max(min, value));

export type SweepState = { position: number; direction: 1 | -1 };

/**
 * One tick of the auto-sweep: move one step in the current direction, turning around at the
 * ends, so 50 → 51 → … → 95 → 94 → … → 5 → 6 → …
 */
export const nextSweepState = (
  { position, direction }: SweepState,
  range: SliderRange = AUTO_SWEEP.range,
  step: number = AUTO_SWEEP.step,
): SweepState => {
  let next: 1 | -1 = direction;
  if (position >= range.max) next = -1;
  else if (position <= range.min) next = 1;
  return { position: clampToRange(position + next * step, range), direction: next };
};

/** The position under a pointer at `clientX` on a slider spanning `left` … `left + width`. */
export const positionFromPointer = (
  clientX: number,
  { left, width }: { left: number; width: number },
  range: SliderRange,
): number => {
  if (width <= 0) return clampToRange(SLIDER_START, range);
  return clampToRange(((clientX - left) / width) * 100, range);
};

/** Keyboard control of a slider (WAI-ARIA slider pattern); null when the key is not ours. */
export const positionFromKey = (
  key: string,
  position: number,
  range: SliderRange,
): number | null => {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampToRange(Math.round(position) - 1, range);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampToRange(Math.round(position) + 1, range);
    case 'PageDown':
      return clampToRange(Math.round(position) - 10, range);
    case 'PageUp':
      return clampToRange(Math.round(position) + 10, range);
    case 'Home':
      return range.min;
    case 'End':
      return range.max;
    default:
      return null;
  }
};
