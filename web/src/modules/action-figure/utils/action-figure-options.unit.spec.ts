import { describe, expect, it } from 'vitest';

import { FIGURE_STYLE_OPTIONS, POSE_OPTIONS, PROFESSION_PRESETS } from './action-figure-options';

describe('action figure options', () => {
  it('offers the 20 profession presets of the spec, each with 5–7 accessories', () => {
    expect(PROFESSION_PRESETS).toHaveLength(20);
    for (const preset of PROFESSION_PRESETS) {
      expect(preset.accessories.length).toBeGreaterThanOrEqual(5);
      expect(preset.accessories.length).toBeLessThanOrEqual(7);
      expect(new Set(preset.accessories).size).toBe(preset.accessories.length);
    }
  });

  it('offers 11 poses and 9 styles, both starting with the natural option', () => {
    expect(POSE_OPTIONS).toHaveLength(11);
    expect(FIGURE_STYLE_OPTIONS).toHaveLength(9);
    expect(POSE_OPTIONS[0]).toBe('Natural (as in profile image)');
    expect(FIGURE_STYLE_OPTIONS[0]).toBe('Natural (as in profile image)');
  });
});
