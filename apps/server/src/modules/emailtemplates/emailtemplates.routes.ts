// /sendgridemailtemplates: email event configs and templates. HTTP only; the declarations are in
// packages/contracts/src/endpoints/emailtemplates.ts.
import type { FastifyInstance } from 'fastify';
import { emailTemplateEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as service from './emailtemplates.service.ts';

export async function emailTemplatesRoutes(app: FastifyInstance) {
  await route(app, endpoints.templates, async (request) => service.listTemplates(signedIn(request)));
  await route(app, endpoints.configs, async (request) => service.listConfigs(signedIn(request)));
  await route(app, endpoints.addConfig, async (request) =>
    service.addConfig(signedIn(request), request.query.templateKey, request.body),
  );
  await route(app, endpoints.updateConfig, async (request) =>
    service.updateConfig(signedIn(request), request.query.templateKey, request.body),
  );
  await route(app, endpoints.deleteConfig, async (request) =>
    service.deleteConfig(signedIn(request), request.query.templateKey),
  );
  await route(app, endpoints.createTemplate, async (request) =>
    service.createTemplate(signedIn(request), request.body),
  );
  await route(app, endpoints.updateTemplate, async (request) =>
    service.updateTemplate(signedIn(request), request.params.id, request.body),
  );
  await route(app, endpoints.deleteTemplate, async (request) =>
    service.deleteTemplate(signedIn(request), request.params.id),
  );
  await route(app, endpoints.preview, async (request) => service.previewTemplate(signedIn(request), request.body));
}
