/** Accessories on the card: at most this many (the API's limit). */
export const MAX_ACCESSORIES = 12;
/** Longest accessory the API accepts. */
export const MAX_ACCESSORY_LENGTH = 60;

const sameItem = (a: string, b: string): boolean => a.toLocaleLowerCase() === b.toLocaleLowerCase();

export const hasAccessory = (accessories: readonly string[], item: string): boolean =>
  accessories.some((existing) => sameItem(existing, item.trim()));

/**
 * Adds a typed accessory (spec §5): trimmed; ignored when empty, a duplicate (in any letter
 * case) or past the limit.
 */
export const addAccessory = (accessories: readonly string[], raw: string): readonly string[] => {
  const item = raw.trim().slice(0, MAX_ACCESSORY_LENGTH);
  if (!item || hasAccessory(accessories, item) || accessories.length >= MAX_ACCESSORIES) {
    return accessories;
  }
  return [...accessories, item];
};

export const removeAccessory = (accessories: readonly string[], item: string): readonly string[] =>
  accessories.filter((existing) => !sameItem(existing, item));

/** A suggestion chip: on when off, off when on. */
export const toggleAccessory = (accessories: readonly string[], item: string): readonly string[] =>
  hasAccessory(accessories, item)
    ? removeAccessory(accessories, item)
    : addAccessory(accessories, item);
