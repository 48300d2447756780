import { ART_STYLES, type ArtStyleId } from '../../art-styles/utils/art-styles';
import { artStyleOf } from '../../generation/utils/api-style';
import { formatDateTime } from '../../ui/utils/format-date';

export type CreationStyle = { id: ArtStyleId | null; name: string; downloadPrefix: string };

/** The style of a generation as we show it, with the download prefix of its page. */
export const creationStyle = (apiStyle: string): CreationStyle => {
  const id = artStyleOf(apiStyle);
  if (!id) return { id: null, name: 'Image', downloadPrefix: 'stylised-image' };
  return { id, name: ART_STYLES[id].name, downloadPrefix: ART_STYLES[id].downloadPrefix };
};

/** When it was made, written as every date in the app is (the visitor's locale and time zone). */
export const formatCreationDate = (iso: string, locales?: string): string =>
  formatDateTime(iso, locales);
