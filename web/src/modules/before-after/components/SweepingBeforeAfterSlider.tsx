import type { ComponentProps } from 'react';
import { useSyncExternalStore } from 'react';

import type { SweepingSlider } from '../hooks/useAutoSweep';

import { BeforeAfterSlider } from './BeforeAfterSlider';

type SweepingBeforeAfterSliderProps = Omit<
  ComponentProps<typeof BeforeAfterSlider>,
  'position' | 'onMove'
> & { slider: SweepingSlider };

/** The before/after slider driven by a sweep: only this re-renders at each step. */
export const SweepingBeforeAfterSlider = ({ slider, ...props }: SweepingBeforeAfterSliderProps) => {
  const { position } = slider;
  const current = useSyncExternalStore(position.subscribe, position.get, position.get);
  return <BeforeAfterSlider {...props} position={current} onMove={slider.moveTo} />;
};
