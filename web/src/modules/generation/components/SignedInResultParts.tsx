import { type ComponentProps, type ComponentType, Suspense, lazy, useEffect } from 'react';

import { withApollo } from '../../apollo/components/with-apollo';
import type { ClaimCredits } from '../../creations/components/ClaimCredits';
import type { CreatorShareActions } from '../../sharing/components/CreatorShareActions';
import type { GenerationProgress } from './GenerationProgress';
import { GenerationProgressCard } from './GenerationProgressCard';

/*
 * The parts of a creator that talk to the API about a generation (its progress, then sharing
 * and claiming the result), each loaded with the GraphQL client when first needed: only a
 * signed-in user who pressed the button gets that far, so a visitor's page hydrates without it.
 */

/** A loader that is asked once, and again after it failed. */
const loadOnce = <T,>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
};

const loadProgress = loadOnce(() =>
  withApollo<ComponentProps<typeof GenerationProgress>>(
    async () => (await import('./GenerationProgress')).GenerationProgress,
  ),
);
const loadShareActions = loadOnce(() =>
  withApollo<ComponentProps<typeof CreatorShareActions>>(
    async () => (await import('../../sharing/components/CreatorShareActions')).CreatorShareActions,
  ),
);
const loadClaimCredits = loadOnce(() =>
  withApollo<ComponentProps<typeof ClaimCredits>>(
    async () => (await import('../../creations/components/ClaimCredits')).ClaimCredits,
  ),
);

const lazyFrom = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(async () => ({ default: await load() }));

const LiveProgress = lazyFrom(loadProgress);
const LiveShareActions = lazyFrom(loadShareActions);
const LiveClaimCredits = lazyFrom(loadClaimCredits);

/** Starts loading them for a signed-in user, so each shows at once when its time comes. */
export const usePreloadResultParts = (signedIn: boolean): void => {
  useEffect(() => {
    if (!signedIn) return;
    for (const load of [loadProgress, loadShareActions, loadClaimCredits])
      void load().catch(() => undefined);
  }, [signedIn]);
};

/** The progress card; until the client is here, the same card without the server's stage. */
export const GenerationProgressSlot = (props: ComponentProps<typeof GenerationProgress>) => (
  <Suspense
    fallback={
      <GenerationProgressCard
        startedAt={props.startedAt}
        resultNoun={props.resultNoun}
        serverStage={null}
      />
    }
  >
    <LiveProgress {...props} />
  </Suspense>
);

/** The result's share buttons (nothing until its link state is known, as before). */
export const ResultShareActions = (props: ComponentProps<typeof CreatorShareActions>) => (
  <Suspense fallback={null}>
    <LiveShareActions {...props} />
  </Suspense>
);

/** "Doesn't look like you?" under the result. */
export const ResultClaimCredits = (props: ComponentProps<typeof ClaimCredits>) => (
  <Suspense fallback={null}>
    <LiveClaimCredits {...props} />
  </Suspense>
);
