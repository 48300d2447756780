import { preload } from 'react-dom';
import type { ComponentProps, KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { useRef } from 'react';

import { cx } from '../../ui/utils/cx';
import { positionFromKey, positionFromPointer, type SliderRange } from '../utils/slider-math';

import styles from './BeforeAfterSlider.module.css';

export type SliderImage = {
  src: string;
  srcSet?: string;
  /** `<picture>` sources (AVIF, WebP) in front of the `<img>`, for the showcase renditions. */
  sources?: readonly { type: string; srcSet: string }[];
  alt: string;
};

/** The image, inside `<picture>` when it has sources; a fresh element when that changes. */
const SliderPicture = ({
  image,
  sizes,
  ...imgProps
}: { image: SliderImage; sizes: string } & ComponentProps<'img'>) => {
  // A fresh element when srcset comes or goes: Chromium keeps the old density otherwise.
  const img = (
    <img
      key={image.srcSet ? 'responsive' : 'single'}
      {...imgProps}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      alt={image.alt}
    />
  );
  if (!image.sources?.length) return img;
  // React preloads an eager <img>, not one in <picture>: the best source is asked for here.
  const best = image.sources[0]!;
  if (imgProps.loading === 'eager')
    preload(image.src, {
      as: 'image',
      type: best.type,
      imageSrcSet: best.srcSet,
      imageSizes: sizes,
    });
  return (
    <picture key="picture" className={styles.picture}>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
};

type BeforeAfterSliderProps = {
  before: SliderImage;
  after: SliderImage;
  beforeLabel?: string;
  afterLabel?: string;
  /** 0–100: how much of the width shows the before image. */
  position: number;
  /** The visitor dragged, clicked or used a key; the value is already clamped to `range`. */
  onMove: (position: number) => void;
  range: SliderRange;
  /** Accessible name of the slider handle. */
  label: string;
  /** `sizes` for both images. */
  sizes?: string;
  /** Frosts the after image (no result yet) and shows `overlay` over it. */
  afterVeiled?: boolean;
  overlay?: ReactNode;
  eager?: boolean;
  className?: string;
};

/**
 * Two images on top of each other, split by a draggable handle: mouse, touch and pen through
 * pointer events (dragging past the edges clamps), arrow/Page/Home/End keys on the handle
 * (role="slider" with aria-valuenow).
 */
export const BeforeAfterSlider = ({
  before,
  after,
  beforeLabel = 'Before',
  afterLabel = 'After',
  position,
  onMove,
  range,
  label,
  sizes = '(max-width: 767px) 100vw, 640px',
  afterVeiled = false,
  overlay,
  eager = false,
  className,
}: BeforeAfterSliderProps) => {
  const stageRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const rounded = Math.round(position);

  const moveToPointer = (clientX: number) => {
    const stage = stageRef.current;
    if (stage) onMove(positionFromPointer(clientX, stage.getBoundingClientRect(), range));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    dragging.current = true;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks: the drag still follows pointermove.
    }
    moveToPointer(event.clientX);
    handleRef.current?.focus({ preventScroll: true });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveToPointer(event.clientX);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = positionFromKey(event.key, position, range);
    if (next === null) return;
    event.preventDefault();
    onMove(next);
  };

  return (
    <div className={cx(styles.slider, className)}>
      <div
        ref={stageRef}
        className={styles.stage}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onLostPointerCapture={() => (dragging.current = false)}
      >
        <div className={styles.frame}>
          <SliderPicture
            image={after}
            sizes={sizes}
            className={cx(styles.image, afterVeiled && styles.veiled)}
            draggable={false}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            data-testid="slider-after-image"
          />
          <span className={cx(styles.tag, styles.tagAfter)} aria-hidden="true">
            {afterLabel}
          </span>
          <div
            className={styles.beforeLayer}
            style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
          >
            <SliderPicture
              image={before}
              sizes={sizes}
              className={styles.image}
              draggable={false}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              data-testid="slider-before-image"
            />
            <span className={cx(styles.tag, styles.tagBefore)} aria-hidden="true">
              {beforeLabel}
            </span>
          </div>
        </div>
        <div className={styles.divider} style={{ left: `${position}%` }}>
          <div
            ref={handleRef}
            className={styles.handle}
            role="slider"
            tabIndex={0}
            aria-label={label}
            aria-orientation="horizontal"
            aria-valuemin={range.min}
            aria-valuemax={range.max}
            aria-valuenow={rounded}
            aria-valuetext={`${rounded}% ${beforeLabel.toLowerCase()}, ${100 - rounded}% ${afterLabel.toLowerCase()}`}
            onKeyDown={onKeyDown}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="m9 6-6 6 6 6M15 6l6 6-6 6" />
            </svg>
          </div>
        </div>
        {overlay && <div className={styles.overlay}>{overlay}</div>}
      </div>
    </div>
  );
};
