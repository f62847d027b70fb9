// POST /token and /api/v1/account/*: HTTP only; the declarations are in packages/contracts/src/endpoints/accounts.ts and
// the rules in accounts.service.ts, passwords.service.ts and user-actions.service.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UserRole, accountEndpoints as endpoints, adminRoles, tokenRequest, userRoleName } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import { HttpError, validationError } from '../../platform/errors.ts';
import { passwordRules } from '../../platform/passwords.ts';
import { addressProblems } from '../lookups/lookups.service.ts';
import * as accounts from './accounts.service.ts';
import * as passwords from './passwords.service.ts';
import * as userActions from './user-actions.service.ts';

const truthy = (value: unknown) =>
  value === true || value === 'true' || value === 'True' || value === 'on' || value === '1';
const roleList = (roles: readonly number[]) => roles.map((id) => ({ id, name: userRoleName(id) }));

/** The token form's first problem, naming the field: a missing one, or what is wrong with the one sent. */
function tokenFormProblem(issues: { path: PropertyKey[]; message: string; code: string }[]): string {
  // A form sends only text, so a type problem is a missing field, as is an empty one.
  const sent = issues.find((issue) => issue.code !== 'invalid_type' && issue.code !== 'too_small');
  return sent ? `${String(sent.path[0])}: ${sent.message}` : 'The user name and password are required.';
}

/** Registered at the root: the token endpoint lives at /token as well as /api/v1/token. */
export async function accountsRoutes(app: FastifyInstance) {
  // The token endpoint answers OAuth-style errors ({ error, error_description }) rather than the API's error bodies, so
  // it reads its form body itself.
  const tokenHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = tokenRequest.safeParse(request.body ?? {});
    if (!parsed.success) {
      const grantProblem = parsed.error.issues.some((issue) => issue.path[0] === 'grant_type');
      return reply.code(400).send({
        error: grantProblem ? 'unsupported_grant_type' : 'invalid_request',
        error_description: grantProblem ? 'The grant type must be password.' : tokenFormProblem(parsed.error.issues),
      });
    }
    try {
      const { userName, password, isPersistent } = parsed.data;
      return await accounts.signIn(request.ctx, { userName, password, isPersistent: truthy(isPersistent) });
    } catch (error) {
      if (error instanceof HttpError && error.body.error) {
        return reply.code(400).send({ error: error.body.error, error_description: error.body.error_description });
      }
      throw error;
    }
  };
  const signInThrottle = { config: { authThrottle: 'signIn' as const } };
  await route(app, endpoints.token, tokenHandler, { ...signInThrottle, url: '/token', operationId: 'tokenAtRoot' });
  await route(app, endpoints.token, tokenHandler, { ...signInThrottle, url: '/api/v1/token' });
  await app.register(accountApiRoutes, { prefix: '/api/v1' });

  async function accountApiRoutes(api: FastifyInstance) {
    await route(api, endpoints.userInfo, async (request) => accounts.userInfo(signedIn(request)));
    await route(api, endpoints.isAuthenticated, async (request) => ({ isAuthenticated: request.ctx.caller !== null }));
    await route(api, endpoints.logout, async (request) => accounts.logout(signedIn(request)));
    await route(api, endpoints.changePassword, async (request) =>
      passwords.changePassword(signedIn(request), request.body),
    );
    await route(api, endpoints.forgotPassword, async (request) => passwords.forgotPassword(request.ctx, request.body), {
      config: { authThrottle: 'forgotPassword' },
    });
    await route(api, endpoints.checkResetPasswordToken, async (request) =>
      passwords.checkResetToken(request.ctx, request.query),
    );
    await route(api, endpoints.resetPassword, async (request) => passwords.resetPassword(request.ctx, request.body), {
      config: { authThrottle: 'resetPassword' },
    });
    await route(
      api,
      endpoints.signInWithTemporaryToken,
      async (request) =>
        accounts.signInWithTemporaryToken(request.ctx, {
          token: request.query.token,
          isPersistent: request.query.isPersistent ?? false,
        }),
      { config: { authThrottle: 'tokenLogin' } },
    );
    await route(api, endpoints.generateTemporaryToken, async (request) =>
      userActions.generateTemporaryToken(signedIn(request), request.params.id, request.query),
    );
    await route(api, endpoints.signInAsAnotherUser, async (request) =>
      userActions.signInAsAnotherUser(signedIn(request), request.params.id),
    );
    await route(api, endpoints.resetAdminPassword, async (request) =>
      userActions.resetPasswordByAdmin(signedIn(request), request.query.id, 'admin'),
    );
    await route(api, endpoints.resetPetOwnerPassword, async (request) =>
      userActions.resetPasswordByAdmin(signedIn(request), request.body.petOwnerId, 'petOwner'),
    );
    await route(api, endpoints.updateUserProfile, async (request) => {
      const problems = addressProblems(request.body.address);
      if (problems) throw validationError(problems);
      return accounts.updateUserProfile(signedIn(request), { ...request.body, address: request.body.address ?? null });
    });
    await route(api, endpoints.manageInfo, async (request) => accounts.manageInfo(signedIn(request)));
    await route(api, endpoints.passwordRules, async () => passwordRules);
    await route(api, endpoints.externalLogins, async () => []);
    await route(api, endpoints.registerExternal, async (_request, reply) =>
      reply.code(400).send({
        message: 'No external login providers are configured.',
        exceptionMessage: 'No external login providers are configured.',
      }),
    );
    await route(api, endpoints.userRoles, async () => roleList(Object.values(UserRole)));
    await route(api, endpoints.allAdminRoles, async () => roleList(adminRoles));
    await route(api, endpoints.creatableAdminRoles, async (request) =>
      roleList(accounts.creatableAdminRoles(signedIn(request), request.query.groupType)),
    );
  }
}
