import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';

import { graphql } from '../../../gql';
import type { CurrentUser } from './useCurrentUser';
import { CURRENT_USER_QUERY } from './useCurrentUser';
import type { AuthMode } from '../utils/auth-mode';
import type { AuthFormValues } from '../utils/validate-auth-form';

const LOGIN_MUTATION = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      user {
        ...CurrentUser_User
      }
    }
  }
`);

const REGISTER_MUTATION = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      user {
        ...CurrentUser_User
      }
    }
  }
`);

/**
 * Signs in or up. The server sets the httpOnly session cookie; the returned user is written
 * into the `CurrentUser` query so the header, sidebar and every credits figure update at once.
 * Rejects with the GraphQL error (message and `extensions.code`) on failure.
 */
export const useAuthMutations = () => {
  const client = useApolloClient();
  const [login, loginState] = useMutation(LOGIN_MUTATION);
  const [register, registerState] = useMutation(REGISTER_MUTATION);

  const submit = useCallback(
    async (mode: AuthMode, values: AuthFormValues): Promise<CurrentUser> => {
      const email = values.email.trim();
      const user =
        mode === 'login'
          ? (await login({ variables: { input: { email, password: values.password } } })).data
              ?.login.user
          : (
              await register({
                variables: {
                  input: {
                    email,
                    password: values.password,
                    username: values.username.trim(),
                    fullName: values.fullName.trim() || null,
                  },
                },
              })
            ).data?.register.user;
      if (!user) throw new Error('The server did not return the signed-in user');
      client.writeQuery({ query: CURRENT_USER_QUERY, data: { me: user } });
      return user;
    },
    [client, login, register],
  );

  return { submit, pending: loginState.loading || registerState.loading };
};
