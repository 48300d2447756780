import { useQuery } from '@apollo/client/react';

import { graphql } from '../../../gql';

import { ShareActions } from './ShareActions';

const GENERATION_SHARE = graphql(`
  query GenerationShare($id: ID!) {
    myGeneration(id: $id) {
      ...ShareActions_Generation
    }
  }
`);

type CreatorShareActionsProps = {
  generationId: string;
  styleName: string;
  originalPhoto: File | null;
};

/** The creator's share buttons for the result just made (its link state read once, then cached). */
export const CreatorShareActions = ({
  generationId,
  styleName,
  originalPhoto,
}: CreatorShareActionsProps) => {
  const { data } = useQuery(GENERATION_SHARE, { variables: { id: generationId } });
  const generation = data?.myGeneration;
  if (!generation) return null;
  return (
    <ShareActions generation={generation} styleName={styleName} originalPhoto={originalPhoto} />
  );
};
