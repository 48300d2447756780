import type { Context } from '@opentelemetry/api';

/** Past this many links a context is rebuilt with each key once (a loop setting values). */
const MAX_DEPTH = 16;

/**
 * An OpenTelemetry Context as a chain of one value each over its parent, instead of the API's
 * BaseContext, which copies its whole Map and makes three closures for every value set. A
 * request sets three (its log scope, the server span, the GraphQL span) and reads a few; lookups
 * walk at most a handful of links.
 */
export class ChainContext implements Context {
  private readonly depth: number;

  constructor(
    private readonly parent: Context,
    private readonly key: symbol,
    private readonly value: unknown,
  ) {
    this.depth = parent instanceof ChainContext ? parent.depth + 1 : 1;
  }

  getValue(key: symbol): unknown {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- walks up the chain
    let at: Context = this;
    while (at instanceof ChainContext) {
      if (at.key === key) return at.value;
      at = at.parent;
    }
    return at.getValue(key);
  }

  setValue(key: symbol, value: unknown): Context {
    if (this.depth < MAX_DEPTH) return new ChainContext(this, key, value);
    return this.flattened(key, value);
  }

  deleteValue(key: symbol): Context {
    // A link holding undefined hides the key's value further up, as a deleted key reads.
    return this.setValue(key, undefined);
  }

  /** The same values with each key once, `key` set to `value`, over the first non-chain parent. */
  private flattened(key: symbol, value: unknown): Context {
    const values = new Map<symbol, unknown>([[key, value]]);
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- walks up the chain
    let at: Context = this;
    while (at instanceof ChainContext) {
      if (!values.has(at.key)) values.set(at.key, at.value);
      at = at.parent;
    }
    let result: Context = at;
    for (const [each, eachValue] of [...values].reverse())
      result = new ChainContext(result, each, eachValue);
    return result;
  }
}

/** `parent` with `key` set to `value`, as a ChainContext (and so is every context made from it). */
export const chainContext = (parent: Context, key: symbol, value: unknown): Context =>
  new ChainContext(parent, key, value);
