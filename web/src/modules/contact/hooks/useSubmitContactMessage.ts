import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';

import { graphql } from '../../../gql';
import type { ContactMessageInput } from '../../../gql/graphql';

const SUBMIT_CONTACT_MESSAGE = graphql(`
  mutation SubmitContactMessage($input: ContactMessageInput!) {
    submitContactMessage(input: $input) {
      id
    }
  }
`);

/**
 * `submitContactMessage(input)` stores the message for the support inbox and resolves with
 * its id; it rejects with the GraphQL error (BAD_USER_INPUT carries the field's message) or
 * the network failure.
 */
export const useSubmitContactMessage = () => {
  const [mutate, { loading }] = useMutation(SUBMIT_CONTACT_MESSAGE);

  const submitContactMessage = useCallback(
    async (input: ContactMessageInput): Promise<{ id: string }> => {
      const { data } = await mutate({ variables: { input } });
      if (!data) throw new Error('The server did not confirm the message');
      return data.submitContactMessage;
    },
    [mutate],
  );

  return { submitContactMessage, loading };
};
