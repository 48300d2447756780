import { useQuery } from '@apollo/client/react';
import { useState } from 'react';

import { graphql } from '../../../gql';
import type { CreationCard_GenerationFragment } from '../../../gql/graphql';
import { useAuthModal } from '../../auth/hooks/useAuthModal';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { Button } from '../../ui/components/Button';
import { Spinner } from '../../ui/components/Spinner';
import { useBusy } from '../../ui/hooks/useBusy';

import { CreationCard } from './CreationCard';
import { CreationsEmpty } from './CreationsEmpty';
import styles from './CreationsGallery.module.css';
import { CreationViewer } from './CreationViewer';

const PAGE_SIZE = 12;

const MY_CREATIONS = graphql(`
  query MyCreations($first: Int!, $after: String) {
    myGenerations(first: $first, after: $after) {
      generations {
        ...CreationCard_Generation
      }
      nextCursor
    }
  }
`);

/** The signed-in user's generations, newest first, twelve at a time. */
export const CreationsGallery = () => {
  const { user, loading: userLoading, unreachable, refetch } = useCurrentUser();
  const { openAuthModal } = useAuthModal();

  if (userLoading) return <Loading />;
  if (unreachable) return <CouldNotLoad onRetry={refetch} />;
  if (!user) {
    return (
      <CreationsEmpty
        title="Sign in to see your creations"
        body="Everything you generate is kept here, ready to view and download again."
        action={
          <Button
            onClick={() =>
              openAuthModal({
                mode: 'login',
                redirectTo: '/creations',
                purpose: { kind: 'creations' },
              })
            }
          >
            Sign In
          </Button>
        }
      />
    );
  }
  return <SignedInGallery key={user.id} />;
};

const SignedInGallery = () => {
  const [viewing, setViewing] = useState<CreationCard_GenerationFragment | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const { data, loading, fetchMore, refetch } = useQuery(MY_CREATIONS, {
    variables: { first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const refresh = useBusy(refetch);
  const page = data?.myGenerations;

  if (!page && loading) return <Loading />;
  if (!page) return <CouldNotLoad onRetry={refetch} />;
  if (page.generations.length === 0) {
    return (
      <CreationsEmpty
        title="No creations yet"
        body="Pick a style, upload a photo and your first image will appear here."
        showStyles
      />
    );
  }

  const loadMore = async () => {
    if (!page.nextCursor) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { first: PAGE_SIZE, after: page.nextCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          myGenerations: {
            ...fetchMoreResult.myGenerations,
            generations: [
              ...(previous?.myGenerations.generations ?? []),
              ...fetchMoreResult.myGenerations.generations,
            ],
          },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };
  const anyPending = page.generations.some((generation) => generation.status === 'PENDING');

  return (
    <div className={styles.gallery}>
      {anyPending && (
        <div className={styles.notice} role="status">
          <span>Some images are still being made.</span>
          <Button variant="secondary" size="sm" onClick={refresh.run} busy={refresh.busy}>
            Refresh
          </Button>
        </div>
      )}
      <ul className={styles.grid} aria-label="Your creations">
        {page.generations.map((generation) => (
          <li key={generation.id}>
            <CreationCard generation={generation} onView={setViewing} />
          </li>
        ))}
      </ul>
      {page.nextCursor && (
        <div className={styles.more}>
          <Button variant="secondary" onClick={() => void loadMore()} busy={loadingMore}>
            {loadingMore ? 'Loading...' : 'Show more'}
          </Button>
        </div>
      )}
      {viewing && <CreationViewer generation={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
};

const Loading = () => (
  <div className={styles.loading}>
    <Spinner label="Loading your creations" size="2rem" />
  </div>
);

/** Try again refetches: the loading state stands in for this one until the answer. */
const CouldNotLoad = ({ onRetry }: { onRetry: () => Promise<unknown> }) => (
  <CreationsEmpty
    title="We could not load your creations"
    body="Please check your connection and try again."
    action={<Button onClick={() => void onRetry()}>Try again</Button>}
  />
);
