import type { Style } from '../../../gql/graphql';
import type { ArtStyleId } from '../../art-styles/utils/art-styles';

/** The API's `Style` enum for each of our art styles. */
export const API_STYLE: Readonly<Record<ArtStyleId, Style>> = {
  'action-figure': 'ACTION_FIGURE',
  ghibli: 'GHIBLI',
  pixar: 'PIXAR',
  anime: 'ANIME',
  snoopy: 'SNOOPY',
  chibi: 'CHIBI',
};

/** The art style of a generation as the API names it (`generation.style`: "ghibli", …). */
export const artStyleOf = (apiStyle: string): ArtStyleId | null => {
  const normalised = apiStyle.toLowerCase().replace(/_/g, '-');
  return normalised in API_STYLE ? (normalised as ArtStyleId) : null;
};
