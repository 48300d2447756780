import { creditAccountEventTypes } from '@app/ledger';
import { describe, expect, it } from 'vitest';
import { creditTypeCodes, typeCodes } from './type-codes';

describe('typeCodes', () => {
  const codes = typeCodes(['Often', 'Sometimes', 'Rarely'] as const);

  it('numbers the types from 1 in the order given, the most frequent compared first', () => {
    expect([codes.code('Often'), codes.code('Sometimes'), codes.code('Rarely')]).toEqual([1, 2, 3]);
    expect(codes.of).toBe(
      "CASE type WHEN 'Often' THEN 1 WHEN 'Sometimes' THEN 2 WHEN 'Rarely' THEN 3 END",
    );
    expect(codes.isOneOf('c', 'Rarely', 'Often')).toBe('c IN (3, 1)');
  });

  it("codes every one of the ledger's credit account event types, each with its own number", () => {
    const numbers = creditAccountEventTypes.map((type) => creditTypeCodes.code(type));
    expect(numbers).not.toContain(0);
    expect(new Set(numbers).size).toBe(creditAccountEventTypes.length);
  });
});
