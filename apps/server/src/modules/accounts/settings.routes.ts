// /features and /usersettings: what the signed-in user may see, and their own dog quick-action setting.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dogQuickActionsValue, featuresForGroupQuery } from '@registry/contracts';
import { signedIn } from '../../platform/http.ts';
import * as settings from './settings.service.ts';

export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/features', { config: { access: 'signedIn' }, schema: { operationId: 'features', tags: ['features'], response: { 200: z.array(z.string()) } } }, async (request) =>
    settings.featuresOfCaller(signedIn(request)),
  );
  app.get('/features/getfeaturesforgroup', { config: { access: 'signedIn' }, schema: { operationId: 'featuresForGroup', tags: ['features'], querystring: featuresForGroupQuery, response: { 200: z.array(z.string()) } } }, async (request) =>
    settings.featuresOfGroup(signedIn(request), request.query.groupId),
  );

  app.get('/usersettings/getdogquickactions', { config: { access: 'admin' }, schema: { operationId: 'getDogQuickActions', tags: ['settings'], response: { 200: dogQuickActionsValue } } }, async (request) =>
    settings.dogQuickActions(signedIn(request)),
  );
  app.post(
    '/usersettings/setdogquickactions',
    { config: { access: 'admin' }, schema: { operationId: 'setDogQuickActions', tags: ['settings'], body: z.union([dogQuickActionsValue, z.number().int().min(0).max(4095)]), response: { 200: dogQuickActionsValue } } },
    async (request) => settings.setDogQuickActions(signedIn(request), typeof request.body === 'number' ? request.body : request.body.value),
  );
}
