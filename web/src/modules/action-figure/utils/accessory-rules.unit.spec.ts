import { describe, expect, it } from 'vitest';

import { addAccessory, MAX_ACCESSORIES, removeAccessory, toggleAccessory } from './accessory-rules';

describe('accessory rules', () => {
  it('adds a typed accessory trimmed', () => {
    expect(addAccessory([], '  Coffee mug  ')).toEqual(['Coffee mug']);
  });

  it('ignores empty and blank input', () => {
    const list = ['Laptop'];
    expect(addAccessory(list, '')).toBe(list);
    expect(addAccessory(list, '   ')).toBe(list);
  });

  it('ignores duplicates, whatever their spacing or letter case', () => {
    const list = ['Laptop'];
    expect(addAccessory(list, 'Laptop')).toBe(list);
    expect(addAccessory(list, ' laptop ')).toBe(list);
  });

  it(`stops at ${MAX_ACCESSORIES} accessories`, () => {
    const full = Array.from({ length: MAX_ACCESSORIES }, (_, index) => `Item ${index}`);
    expect(addAccessory(full, 'One more')).toBe(full);
  });

  it('toggles a suggestion on and off, and removes by name', () => {
    const on = toggleAccessory(['Laptop'], 'Rubber duck');
    expect(on).toEqual(['Laptop', 'Rubber duck']);
    expect(toggleAccessory(on, 'Rubber duck')).toEqual(['Laptop']);
    expect(removeAccessory(on, 'laptop')).toEqual(['Rubber duck']);
  });
});
