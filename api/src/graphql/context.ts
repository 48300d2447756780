import type { IncomingMessage, ServerResponse } from 'node:http';
import { holdsRole, type Role } from '../accounts/users-repository';
import type { Services } from '../composition/services';
import type { RequestContext } from '../shared/request-context';
import type { Viewer } from '../http/auth/authenticate';

export interface GraphQLContext {
  readonly viewer: Viewer | null;
  readonly services: Services;
  readonly request: RequestContext;
  /** The Node request and response, for cookies; absent when the schema is executed without HTTP. */
  readonly http?: { req: IncomingMessage; res: ServerResponse };
}

export const hasRole = (context: GraphQLContext, role: Role) =>
  !!context.viewer && holdsRole(context.viewer.user.roles, role);
