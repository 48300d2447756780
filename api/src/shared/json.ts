/** JSON with bigint values as strings (positions are bigints). */
export const toJson = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'bigint' ? inner.toString() : inner,
  );
