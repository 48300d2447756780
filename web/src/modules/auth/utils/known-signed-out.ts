import { isApolloLoaded } from '../../apollo/utils/apollo-loaded';

import { probeSignedIn } from './signed-in-probe';

/**
 * Whether the visitor is known to be signed out, without the GraphQL client: the page's probe
 * said so and nothing has signed in since (signing in loads the client). Otherwise the server's
 * answer to the next operation decides (UNAUTHENTICATED).
 */
export const isKnownSignedOut = async (): Promise<boolean> =>
  !isApolloLoaded() && !(await probeSignedIn());
