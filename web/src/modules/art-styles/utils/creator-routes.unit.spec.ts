import { describe, expect, it } from 'vitest';

import {
  CREATOR_CANONICAL_PATHS,
  canonicalCreatorPath,
  canonicalCreatorUrl,
  creatorStyleForPath,
  listCreatorRoutes,
} from './creator-routes';

describe('creator routes', () => {
  it.each([
    ['/snoopy-creator', 'snoopy', '/snoopy-creator'],
    ['/chibi-creator', 'chibi', '/chibi-creator'],
    ['/photo-to-anime', 'chibi', '/chibi-creator'],
    ['/manga-style', 'chibi', '/chibi-creator'],
    ['/anime-pfp', 'chibi', '/chibi-creator'],
    ['/barbie-filter', 'chibi', '/chibi-creator'],
    ['/pixar-creator', 'pixar', '/pixar-creator'],
    ['/cartoon-maker', 'pixar', '/pixar-creator'],
    ['/pixel-art', 'pixar', '/pixar-creator'],
    ['/lego-style', 'pixar', '/pixar-creator'],
    ['/disney-style', 'pixar', '/pixar-creator'],
    ['/ghibli-creator', 'ghibli', '/ghibli-creator'],
    ['/sketch-art', 'ghibli', '/ghibli-creator'],
    ['/oil-painting', 'ghibli', '/ghibli-creator'],
    ['/watercolor', 'ghibli', '/ghibli-creator'],
    ['/action-figure-creator', 'action-figure', '/action-figure-creator'],
    ['/character-ai', 'action-figure', '/action-figure-creator'],
    ['/avatar-maker', 'action-figure', '/action-figure-creator'],
  ])('alias %s shows the %s creator with canonical %s', (path, styleId, canonical) => {
    expect(creatorStyleForPath(path)).toBe(styleId);
    expect(canonicalCreatorPath(path)).toBe(canonical);
  });

  it.each([
    ['/action-figure', '/action-figure-creator'],
    ['/ghibli', '/ghibli-creator'],
    ['/pixar', '/pixar-creator'],
    ['/snoopy', '/snoopy-creator'],
    ['/chibi', '/chibi-creator'],
    ['/image-to-anime', '/image-to-anime'],
  ])('base style route %s has canonical %s', (path, canonical) => {
    expect(canonicalCreatorPath(path)).toBe(canonical);
  });

  it('ignores trailing slashes, query strings, fragments and case', () => {
    expect(canonicalCreatorPath('/Sketch-Art/?utm_source=x#top')).toBe('/ghibli-creator');
  });

  it('returns undefined for pages that are not creators', () => {
    expect(canonicalCreatorPath('/')).toBeUndefined();
    expect(canonicalCreatorPath('/pricing')).toBeUndefined();
    expect(canonicalCreatorPath('/anime')).toBeUndefined();
  });

  it('lists every path once, and every canonical path is itself a creator route', () => {
    const paths = listCreatorRoutes().map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(24);
    for (const canonical of Object.values(CREATOR_CANONICAL_PATHS)) {
      expect(paths).toContain(canonical);
    }
  });

  it('builds absolute canonical URLs from the origin', () => {
    expect(canonicalCreatorUrl('https://example.test/', 'ghibli')).toBe(
      'https://example.test/ghibli-creator',
    );
  });
});
