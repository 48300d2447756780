import { describe, expect, it } from 'vitest';

import { ART_STYLES } from '../../art-styles/utils/art-styles';

import { downloadFileName } from './download-file-name';

describe('download file name', () => {
  it('is the page prefix, a local timestamp and .png', () => {
    const at = new Date(2025, 5, 16, 9, 5, 7);
    expect(downloadFileName('ai-snoopy-character', at)).toBe(
      'ai-snoopy-character-20250616-090507.png',
    );
    expect(downloadFileName(ART_STYLES.chibi.downloadPrefix, at)).toBe(
      'chibi-art-character-20250616-090507.png',
    );
  });

  it('gives every style its own prefix', () => {
    const prefixes = Object.values(ART_STYLES).map((style) => style.downloadPrefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) {
      expect(downloadFileName(prefix, new Date())).toMatch(/^[a-z-]+-\d{8}-\d{6}\.png$/);
    }
  });
});
