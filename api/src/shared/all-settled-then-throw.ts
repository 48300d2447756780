/**
 * Like Promise.all, but it answers only once every step has finished, then with the first
 * failure if any: a step that fails must not cut short a wait beside it (the settlement's
 * read-your-writes wait, whose retry would otherwise answer before the balance shows the capture).
 */
export async function allSettledThenThrow<const Steps extends readonly Promise<unknown>[]>(
  steps: Steps,
): Promise<{ -readonly [Index in keyof Steps]: Awaited<Steps[Index]> }> {
  const outcomes = await Promise.allSettled(steps);
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as {
    -readonly [Index in keyof Steps]: Awaited<Steps[Index]>;
  };
}
