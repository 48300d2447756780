import { randomBytes } from 'node:crypto';

/** Random bytes in a share id: 144 bits, unguessable and unrelated to the generation's id. */
export const SHARE_ID_BYTES = 18;

/** A new share id: base64url of fresh random bytes (24 characters, no padding). */
export const newShareId = () => randomBytes(SHARE_ID_BYTES).toString('base64url');

/** What a share id in a URL may look like; anything else is refused before the database. */
export const isShareIdShaped = (value: string) => /^[A-Za-z0-9_-]{22,64}$/.test(value);

export const sharePath = (shareId: string) => `/s/${shareId}`;
export const sharedImagePath = (shareId: string) => `/s/${shareId}/image.png`;
/** The widths the page offers the result in (WebP), for the size it is shown at. */
export const PREVIEW_WIDTHS = [480, 768, 1024] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];
export const sharedPreviewPath = (shareId: string, width: PreviewWidth) =>
  `/s/${shareId}/image-${width}.webp`;
export const sharedOriginalPath = (shareId: string) => `/s/${shareId}/original.jpg`;

/** Where the owner's original photo of a link lives, when they chose to show it. */
export const shareOriginalKey = (shareId: string) => `shares/${shareId}/original.jpg`;

/** The result made smaller for the page, kept beside the original while the link lives. */
export const sharePreviewKey = (shareId: string, width: PreviewWidth) =>
  `shares/${shareId}/image-${width}.webp`;

/** Every blob a link may have made. */
export const shareBlobKeys = (shareId: string) => [
  shareOriginalKey(shareId),
  ...PREVIEW_WIDTHS.map((width) => sharePreviewKey(shareId, width)),
];
