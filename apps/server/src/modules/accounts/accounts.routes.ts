// POST /token and /api/v1/account/*: HTTP only; the rules live in accounts.service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRoles,
  creatableAdminRolesQuery,
  changePasswordRequest,
  textField,
  generateTemporaryTokenQuery,
  forgotPasswordRequest,
  manageInfo,
  okMessage,
  passwordRules as passwordRulesSchema,
  resetPasswordCheckQuery,
  resetPasswordRequest,
  resetPetOwnerPasswordRequest,
  roleOption,
  temporaryTokenQuery,
  temporaryTokenResponse,
  temporaryTokenGrant,
  tokenRequest,
  tokenResponse,
  updateUserProfileRequest,
  userInfo as userInfoSchema,
  userRoleName,
  UserRole,
  logoutResponse,
} from '@registry/contracts';
import { signedIn } from '../../platform/http.ts';
import { HttpError, validationError } from '../../platform/errors.ts';
import { passwordRules } from '../../platform/passwords.ts';
import { addressProblems } from '../lookups/lookups.service.ts';
import * as accounts from './accounts.service.ts';

const truthy = (value: unknown) => value === true || value === 'true' || value === 'True' || value === 'on' || value === '1';
const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
const tokenGrant = tokenResponse;

/** The token form's first problem, naming the field: a missing one, or what is wrong with the one sent. */
function tokenFormProblem(issues: { path: PropertyKey[]; message: string; code: string }[]): string {
  // A form sends only text, so a type problem is a missing field, as is an empty one.
  const sent = issues.find((issue) => issue.code !== 'invalid_type' && issue.code !== 'too_small');
  return sent ? `${String(sent.path[0])}: ${sent.message}` : 'The user name and password are required.';
}

export async function accountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The token endpoint answers OAuth-style errors ({ error, error_description }) rather than the API's error bodies.
  const tokenHandler = async (request: FastifyRequest<{ Body: unknown }>, reply: import('fastify').FastifyReply) => {
    const parsed = tokenRequest.safeParse(request.body ?? {});
    if (!parsed.success) {
      const grantProblem = parsed.error.issues.some((issue) => issue.path[0] === 'grant_type');
      return reply.code(400).send({
        error: grantProblem ? 'unsupported_grant_type' : 'invalid_request',
        error_description: grantProblem ? 'The grant type must be password.' : tokenFormProblem(parsed.error.issues),
      });
    }
    try {
      return await accounts.signIn(request.ctx, { userName: parsed.data.userName, password: parsed.data.password, isPersistent: truthy(parsed.data.isPersistent) });
    } catch (error) {
      if (error instanceof HttpError && error.body.error) return reply.code(400).send({ error: error.body.error, error_description: error.body.error_description });
      throw error;
    }
  };
  const tokenRoute = {
    config: { access: 'anonymous' as const, authThrottle: 'signIn' as const },
    schema: { operationId: 'token', tags: ['account'], summary: 'Sign in (form: grant_type=password, userName, password, isPersistent)', response: { 200: tokenGrant } },
  };
  app.post('/token', tokenRoute, tokenHandler);
  app.post('/api/v1/token', { ...tokenRoute, schema: { ...tokenRoute.schema, operationId: 'tokenV1' } }, tokenHandler);

  await app.register(
    async (scoped) => {
      const api = scoped.withTypeProvider<ZodTypeProvider>();
      const signedInOnly = { access: 'signedIn' } as const;

      api.get('/userinfo', { config: signedInOnly, schema: { operationId: 'userInfo', response: { 200: userInfoSchema } } }, async (request) => accounts.userInfo(signedIn(request)));
      api.get('/isauthenticated', { config: { access: 'anonymous' }, schema: { operationId: 'isAuthenticated', response: { 200: z.object({ isAuthenticated: z.boolean() }) } } }, async (request) => ({
        isAuthenticated: request.ctx.caller !== null,
      }));
      api.post('/logout', { config: signedInOnly, schema: { operationId: 'logout', response: { 200: logoutResponse } } }, async (request) => accounts.logout(signedIn(request)));
      api.post('/changepassword', { config: signedInOnly, schema: { operationId: 'changePassword', body: changePasswordRequest, response: { 200: okMessage } } }, async (request) =>
        accounts.changePassword(signedIn(request), request.body),
      );
      api.post(
        '/forgotpassword',
        { config: { access: 'anonymous', authThrottle: 'forgotPassword' }, schema: { operationId: 'forgotPassword', body: forgotPasswordRequest, response: { 200: okMessage } } },
        async (request) => accounts.forgotPassword(request.ctx, request.body),
      );
      api.get('/resetpassword', { config: { access: 'anonymous' }, schema: { operationId: 'checkResetPasswordToken', querystring: resetPasswordCheckQuery, response: { 200: z.object({ isValid: z.boolean() }) } } }, async (request) =>
        accounts.checkResetToken(request.ctx, request.query),
      );
      api.post(
        '/resetpassword',
        { config: { access: 'anonymous', authThrottle: 'resetPassword' }, schema: { operationId: 'resetPassword', body: resetPasswordRequest, response: { 200: okMessage } } },
        async (request) => accounts.resetPassword(request.ctx, request.body),
      );
      api.get(
        '/signinwithtemporarytoken',
        {
          config: { access: 'anonymous', authThrottle: 'tokenLogin' },
          schema: { operationId: 'signInWithTemporaryToken', querystring: temporaryTokenQuery, response: { 200: temporaryTokenGrant } },
        },
        async (request) => accounts.signInWithTemporaryToken(request.ctx, { token: request.query.token, isPersistent: request.query.isPersistent ?? false }),
      );
      api.get(
        '/generatetemporarytoken/:id',
        {
          config: { access: 'adminManager' },
          schema: { operationId: 'generateTemporaryToken', params: idParams, querystring: generateTemporaryTokenQuery, response: { 200: temporaryTokenResponse } },
        },
        async (request) => accounts.generateTemporaryToken(signedIn(request), request.params.id, request.query),
      );
      api.post('/signinasanotheruser/:id', { config: { access: 'adminManager' }, schema: { operationId: 'signInAsAnotherUser', params: idParams, response: { 200: tokenGrant } } }, async (request) =>
        accounts.signInAsAnotherUser(signedIn(request), request.params.id),
      );
      api.post('/resetadminpassword', { config: { access: 'adminManager' }, schema: { operationId: 'resetAdminPassword', querystring: idParams, response: { 200: okMessage } } }, async (request) =>
        accounts.resetPasswordByAdmin(signedIn(request), request.query.id, 'admin'),
      );
      api.post('/resetpetownerpassword', { config: { access: 'adminManager' }, schema: { operationId: 'resetPetOwnerPassword', body: resetPetOwnerPasswordRequest, response: { 200: okMessage } } }, async (request) =>
        accounts.resetPasswordByAdmin(signedIn(request), request.body.petOwnerId, 'petOwner'),
      );
      api.post('/updateuserprofile', { config: signedInOnly, schema: { operationId: 'updateUserProfile', body: updateUserProfileRequest, response: { 200: okMessage } } }, async (request) => {
        const problems = addressProblems(request.body.address);
        if (problems) throw validationError(problems);
        return accounts.updateUserProfile(signedIn(request), { ...request.body, address: request.body.address ?? null });
      });
      api.get('/manageinfo', { config: signedInOnly, schema: { operationId: 'manageInfo', querystring: z.object({ returnUrl: textField(500).optional(), generateState: textField(10).optional() }), response: { 200: manageInfo } } }, async (request) =>
        accounts.manageInfo(signedIn(request)),
      );
      api.get('/passwordrules', { config: { access: 'anonymous' }, schema: { operationId: 'passwordRules', response: { 200: passwordRulesSchema } } }, async () => passwordRules);
      // No external identity providers are configured in this product; the calls answer so rather than 404.
      api.get('/externallogins', { config: { access: 'anonymous' }, schema: { operationId: 'externalLogins', response: { 200: z.array(z.object({ name: z.string(), url: z.string() })) } } }, async () => []);
      api.post('/registerexternal', { config: { access: 'anonymous' }, schema: { operationId: 'registerExternal', response: { 400: z.object({ message: z.string(), exceptionMessage: z.string() }) } } }, async (_request, reply) =>
        reply.code(400).send({ message: 'No external login providers are configured.', exceptionMessage: 'No external login providers are configured.' }),
      );

      const roleList = (roles: readonly number[]) => roles.map((id) => ({ id, name: userRoleName(id) }));
      api.get('/getuserroles', { config: { access: 'admin' }, schema: { operationId: 'getUserRoles', response: { 200: z.array(roleOption) } } }, async () => roleList(Object.values(UserRole)));
      api.get('/getalladminroles', { config: { access: 'admin' }, schema: { operationId: 'getAllAdminRoles', response: { 200: z.array(roleOption) } } }, async () => roleList(adminRoles));
      api.get(
        '/getcreatableadminroles',
        { config: { access: 'admin' }, schema: { operationId: 'getCreatableAdminRoles', querystring: creatableAdminRolesQuery, response: { 200: z.array(roleOption) } } },
        async (request) => roleList(accounts.creatableAdminRoles(signedIn(request), request.query.groupType)),
      );
    },
    { prefix: '/api/v1/account' },
  );
}
