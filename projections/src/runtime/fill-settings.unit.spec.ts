import { describe, expect, it } from 'vitest';
import { bulkFillTypes, parametersOf } from './fill-settings';

describe('bulkFillTypes', () => {
  it('pads a short list to nine entries with a type no event has, so Postgres hashes it', () => {
    expect(bulkFillTypes(new Set(['A', 'B', 'C']))).toEqual([
      'A',
      'B',
      'C',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
  });

  it('leaves a list of nine or more as it is', () => {
    const nine = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
    expect(bulkFillTypes(nine)).toEqual(nine);
    expect(bulkFillTypes([...nine, '10'])).toEqual([...nine, '10']);
  });
});

describe('parametersOf', () => {
  it('passes as many parameters as the statement refers to', () => {
    expect(parametersOf('SELECT $1, $3', ['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'c']);
    expect(parametersOf('SELECT 1', ['a'])).toEqual([]);
  });
});
