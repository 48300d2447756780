import { ART_STYLES, type ArtStyleId } from '../../art-styles/utils/art-styles';
import { artStyleOf } from '../../generation/utils/api-style';

export type CreationStyle = { id: ArtStyleId | null; name: string; downloadPrefix: string };

/** The style of a generation as we show it, with the download prefix of its page. */
export const creationStyle = (apiStyle: string): CreationStyle => {
  const id = artStyleOf(apiStyle);
  if (!id) return { id: null, name: 'Image', downloadPrefix: 'stylised-image' };
  return { id, name: ART_STYLES[id].name, downloadPrefix: ART_STYLES[id].downloadPrefix };
};

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "16 Jun 2025, 14:25" in the visitor's time zone. */
export const formatCreationDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_FORMAT.format(date);
};
