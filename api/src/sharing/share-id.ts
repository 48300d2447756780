import { randomBytes } from 'node:crypto';

/** Random bytes in a share id: 144 bits, unguessable and unrelated to the generation's id. */
export const SHARE_ID_BYTES = 18;

/** A new share id: base64url of fresh random bytes (24 characters, no padding). */
export const newShareId = () => randomBytes(SHARE_ID_BYTES).toString('base64url');

/** What a share id in a URL may look like; anything else is refused before the database. */
export const isShareIdShaped = (value: string) => /^[A-Za-z0-9_-]{22,64}$/.test(value);

export const sharePath = (shareId: string) => `/s/${shareId}`;
export const sharedImagePath = (shareId: string) => `/s/${shareId}/image.png`;
export const sharedOriginalPath = (shareId: string) => `/s/${shareId}/original.jpg`;

/** Where the owner's original photo of a link lives, when they chose to show it. */
export const shareOriginalKey = (shareId: string) => `shares/${shareId}/original.jpg`;
