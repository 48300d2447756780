import { useQuery } from '@apollo/client/react';

import { graphql } from '../../../gql';

import { GenerationProgressCard } from './GenerationProgressCard';

const GENERATION_PROGRESS = graphql(`
  query GenerationProgress($idempotencyKey: String!) {
    myGenerationByKey(idempotencyKey: $idempotencyKey) {
      id
      stage
    }
  }
`);

type GenerationProgressProps = {
  startedAt: number;
  idempotencyKey: string;
  resultNoun: string;
};

/** The progress card of a running generation, with the stage the server reports. */
export const GenerationProgress = ({
  startedAt,
  idempotencyKey,
  resultNoun,
}: GenerationProgressProps) => {
  // Asks the server every second where this generation is (queued or being drawn).
  const { data } = useQuery(GENERATION_PROGRESS, {
    variables: { idempotencyKey },
    pollInterval: 1000,
    fetchPolicy: 'network-only',
  });
  return (
    <GenerationProgressCard
      startedAt={startedAt}
      resultNoun={resultNoun}
      serverStage={data?.myGenerationByKey?.stage ?? null}
    />
  );
};
