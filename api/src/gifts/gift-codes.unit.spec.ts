import { describe, expect, it } from 'vitest';
import { GiftCodeVault, giftCodeHash, newGiftCode, normalizeGiftCode } from './gift-codes';

describe('gift codes', () => {
  it('are 16 Crockford base32 symbols in four groups, 80 random bits', () => {
    const codes = new Set(Array.from({ length: 2_000 }, () => newGiftCode()));
    expect(codes.size).toBe(2_000);
    for (const code of codes)
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    // Every symbol position takes many values: no position is fixed by the encoding.
    const first = new Set([...codes].map((code) => code[0]));
    const last = new Set([...codes].map((code) => code.at(-1)));
    expect(first.size).toBe(32);
    expect(last.size).toBe(32);
  });

  it('read back as typed: any case, spaces or no dashes, O for 0 and I or L for 1', () => {
    expect(normalizeGiftCode(' 7k3m q9tb-2xwd h4rn ')).toBe('7K3M-Q9TB-2XWD-H4RN');
    expect(normalizeGiftCode('O0IL-0000-0000-0000')).toBe('0011-0000-0000-0000');
    expect(normalizeGiftCode('7K3M-Q9TB-2XWD')).toBeNull();
    expect(normalizeGiftCode('7K3M-Q9TB-2XWD-H4RU')).toBeNull();
    expect(normalizeGiftCode('')).toBeNull();
  });

  it('hash the canonical form, so every way of typing a code finds it', () => {
    expect(giftCodeHash(normalizeGiftCode('7k3mq9tb2xwdh4rn')!)).toBe(
      giftCodeHash('7K3M-Q9TB-2XWD-H4RN'),
    );
  });

  it('are sealed for the buyer and open only with the same secret', () => {
    const vault = new GiftCodeVault('secret-1');
    const sealed = vault.seal('7K3M-Q9TB-2XWD-H4RN');
    expect(sealed).not.toContain('7K3M');
    expect(vault.open(sealed)).toBe('7K3M-Q9TB-2XWD-H4RN');
    expect(() => new GiftCodeVault('secret-2').open(sealed)).toThrow();
  });
});
