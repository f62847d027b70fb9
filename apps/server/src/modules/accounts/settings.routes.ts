// /features and /usersettings: what the signed-in user may see, and their own dog quick-action setting. HTTP only; the
// declarations are in packages/contracts/src/endpoints/accounts.ts, the rules in settings.service.ts.
import type { FastifyInstance } from 'fastify';
import { settingsEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as settings from './settings.service.ts';

export async function settingsRoutes(app: FastifyInstance) {
  await route(app, endpoints.features, async (request) => settings.featuresOfCaller(signedIn(request)));
  await route(app, endpoints.featuresForGroup, async (request) =>
    settings.featuresOfGroup(signedIn(request), request.query.groupId),
  );
  await route(app, endpoints.dogQuickActions, async (request) => settings.dogQuickActions(signedIn(request)));
  await route(app, endpoints.setDogQuickActions, async (request) =>
    settings.setDogQuickActions(
      signedIn(request),
      typeof request.body === 'number' ? request.body : request.body.value,
    ),
  );
}
