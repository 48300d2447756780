import { describe, expect, it } from 'vitest';
import { generatesAnImage } from './generation-photo-uploads';

const operations = (query: string) => JSON.stringify({ query, variables: {} });

describe('which uploads are decoded while they arrive over GraphQL', () => {
  it('those of a mutation that selects generateImage, alone or in a batch', () => {
    const generate =
      'mutation ($input: GenerateImageInput!) { generateImage(input: $input) { id } }';
    expect(generatesAnImage(operations(generate))).toBe(true);
    expect(
      generatesAnImage(JSON.stringify([{ query: '{ me { id } }' }, { query: generate }])),
    ).toBe(true);
  });

  it('not another upload that only names it, a query, or operations that do not parse', () => {
    expect(
      generatesAnImage(
        operations(
          'mutation ($file: File!) { shareGeneration(photo: $file) { id } } # generateImage',
        ),
      ),
    ).toBe(false);
    expect(generatesAnImage(operations('query { generateImage }'))).toBe(false);
    expect(generatesAnImage('{"query": "mutation { generateImage(')).toBe(false);
    expect(generatesAnImage(operations('mutation { generateImage('))).toBe(false);
    expect(generatesAnImage(undefined)).toBe(false);
  });
});
