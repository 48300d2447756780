import path from 'node:path';

/** The sample photos copied into the repository (see fixtures/photos/README.md for provenance). */
export const FIXTURE_PHOTOS = path.resolve(import.meta.dirname, '../../../fixtures/photos');
export const fixturePhoto = (name: 'astronaut.png' | 'chelsea.png') =>
  path.join(FIXTURE_PHOTOS, name);
