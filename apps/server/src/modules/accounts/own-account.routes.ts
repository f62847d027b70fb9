// setpassword, updateuserinfo and confirmemail: HTTP only; declared in packages/contracts/src/endpoints/accounts.ts.
import type { FastifyInstance } from 'fastify';
import { accountEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as ownAccount from './own-account.service.ts';

export async function ownAccountRoutes(app: FastifyInstance) {
  await route(app, endpoints.setPassword, async (request) => ownAccount.setPassword(signedIn(request), request.body));
  await route(app, endpoints.updateUserInfo, async (request) =>
    ownAccount.updateUserInfo(signedIn(request), request.body),
  );
  await route(app, endpoints.confirmEmail, async (request) => ownAccount.confirmEmail(request.ctx, request.body), {
    config: { authThrottle: 'tokenLogin' },
  });
}
