import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';

import { graphql } from '../../../gql';
import type { ProfileFormValues } from '../utils/validate-profile-form';

const UPDATE_PROFILE_MUTATION = graphql(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      ...CurrentUser_User
      ...ProfileIdentityCard_User
    }
  }
`);

/**
 * Saves the username and full name. The answer is the normalised User, so Apollo's cache updates
 * the header, the sidebar and the profile at once. Rejects with the GraphQL error on failure.
 */
export const useUpdateProfile = () => {
  const [mutate, { loading }] = useMutation(UPDATE_PROFILE_MUTATION);
  const save = useCallback(
    async ({ username, fullName }: ProfileFormValues) => {
      await mutate({
        variables: { input: { username: username.trim(), fullName: fullName.trim() || null } },
      });
    },
    [mutate],
  );
  return { save, pending: loading };
};
