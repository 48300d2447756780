import { ROOT_CONTEXT, createContextKey, type Context } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { ChainContext, chainContext } from './chain-context';

const keys = Array.from({ length: 40 }, (_, index) => createContextKey(`key ${index}`));

describe('ChainContext', () => {
  it('reads, overrides and deletes values as the API’s context does, without changing its parent', () => {
    const inherited = ROOT_CONTEXT.setValue(keys[0]!, 'from the root');
    const first = chainContext(inherited, keys[1]!, 'one');
    const second = first.setValue(keys[1]!, 'two').setValue(keys[2]!, 'three');
    const deleted = second.deleteValue(keys[0]!);

    expect(first).toBeInstanceOf(ChainContext);
    expect(second).toBeInstanceOf(ChainContext);
    expect(first.getValue(keys[1]!)).toBe('one');
    expect(second.getValue(keys[1]!)).toBe('two');
    expect(second.getValue(keys[2]!)).toBe('three');
    expect(second.getValue(keys[0]!)).toBe('from the root');
    expect(second.getValue(keys[3]!)).toBeUndefined();
    expect(deleted.getValue(keys[0]!)).toBeUndefined();
    expect(second.getValue(keys[0]!)).toBe('from the root');
    expect(first.getValue(keys[2]!)).toBeUndefined();
  });

  it('keeps every value when a long chain is rebuilt with each key once', () => {
    let context: Context = chainContext(ROOT_CONTEXT, keys[0]!, 0);
    for (let round = 0; round < 5; round++)
      for (let index = 0; index < 10; index++) context = context.setValue(keys[index]!, round);
    context = context.setValue(keys[20]!, 'last');
    for (let index = 0; index < 10; index++) expect(context.getValue(keys[index]!)).toBe(4);
    expect(context.getValue(keys[20]!)).toBe('last');
    let depth = 0;
    for (let at: unknown = context; at instanceof ChainContext; depth++)
      at = (at as unknown as { parent: unknown }).parent;
    expect(depth).toBeLessThanOrEqual(16);
  });
});
