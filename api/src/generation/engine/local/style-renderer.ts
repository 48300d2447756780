import type { Sharp } from 'sharp';
import type { ActionFigureDetails } from '../image-provider';
import type { Direction } from './direction';
import type { Gray, Rgb } from './pixels';
import type { Subject } from './subject/framing';

/** The side of every picture the preview engine draws (photos are framed to it). */
export { OUTPUT_SIZE } from '../../output-size';

export interface PreparedPhoto {
  /** The photo flattened to sRGB and framed around its subject to OUTPUT_SIZE². */
  readonly square: Rgb;
  /** Where the subject, its head and eyes are in `square`. */
  readonly subject: Subject;
}

export interface StyleContext {
  readonly actionFigure?: ActionFigureDetails;
  /** What the prompt and the seed ask of the picture. */
  readonly direction: Direction;
  /** The subject's matte for this photo (computed once, on first use). */
  readonly mask: () => Promise<Gray>;
  readonly checkpoint: () => void;
}

export type StyleRenderer = (photo: PreparedPhoto, ctx: StyleContext) => Promise<Sharp>;
