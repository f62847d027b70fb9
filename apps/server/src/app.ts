// buildApp(services): registers plugins and every module. No side effects on import; run-server.ts owns the process.
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_KEY_PREFIX } from '@registry/contracts';
import type { Services } from './platform/context.ts';
import { registerAuthThrottle } from './platform/auth-throttle.ts';
import { registerHttpPlumbing } from './platform/http.ts';
import { logSerializers } from './platform/log-redaction.ts';
import { startJobQueue, stopJobQueue } from './platform/jobs.ts';
import { startSessionCache, stopSessionCache } from './platform/session-cache.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerWasteResultJobs } from './modules/wasteresults/wasteresults.jobs.ts';
import { registerEmailJobs } from './modules/emailtemplates/email-events.ts';
import { emailTemplatesRoutes } from './modules/emailtemplates/emailtemplates.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { ownAccountRoutes } from './modules/accounts/own-account.routes.ts';
import { settingsRoutes } from './modules/accounts/settings.routes.ts';
import { adminsRoutes } from './modules/admins/admins.routes.ts';
import { bulkImportRoutes } from './modules/bulkimport/bulkimport.routes.ts';
import { rentRollRoutes } from './modules/rentroll/rentroll.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { dnaRoutes } from './modules/dna/dna.routes.ts';
import { duplicateDogsRoutes } from './modules/duplicatedogs/duplicatedogs.routes.ts';
import { flaggedSamplesRoutes } from './modules/flaggedsamples/flaggedsamples.routes.ts';
import { groupsRoutes } from './modules/groups/groups.routes.ts';
import { lookupsRoutes } from './modules/lookups/lookups.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { petOwnersRoutes } from './modules/petowners/petowners.routes.ts';
import { petsRoutes } from './modules/pets/pets.routes.ts';
import { parentageRoutes } from './modules/parentage/parentage.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { profileReportsRoutes } from './modules/reports/profile-reports.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { residentsRoutes } from './modules/residents/residents.routes.ts';
import { wasteSamplesRoutes } from './modules/wastesamples/wastesamples.routes.ts';
import { fieldCollectionRoutes } from './modules/fieldcollection/fieldcollection.routes.ts';
import { wasteResultsRoutes } from './modules/wasteresults/wasteresults.routes.ts';
import { noMatchClustersRoutes } from './modules/nomatchclusters/nomatchclusters.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { shopRoutes } from './modules/shop/shop.routes.ts';
import { ancestryRoutes } from './modules/ancestry/ancestry.routes.ts';
import { certificatesRoutes } from './modules/certificates/certificates.routes.ts';
import { violationsRoutes } from './modules/violations/violations.routes.ts';
import { registerViolationHooks } from './modules/violations/review.service.ts';
import { registerViolationJobs } from './modules/violations/reminders.ts';
import { apiKeysRoutes } from './modules/apikeys/apikeys.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { registerWebhookJobs } from './modules/webhooks/webhooks.jobs.ts';

export type BuildOptions = { logger?: boolean | object };

export async function buildApp(services: Services, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logger: boolean | object =
    typeof options.logger === 'object' ? { ...options.logger, serializers: logSerializers } : (options.logger ?? false);
  const { trustProxy } = services.config;
  const app = Fastify({
    logger: logger as boolean,
    // Off unless configured: trusting X-Forwarded-For from anyone lets every client pick its own address.
    // Fastify takes a hop count too (the first n addresses from the socket), though its types only name the others.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    // A request must arrive whole (headers and body) within the limit: a client trickling its body holds a connection
    // no longer than one trickling its headers. Node checks every few seconds, so the cut comes up to 5 s late.
    requestTimeout: services.config.requestTimeoutSeconds * 1000,
    http: {
      connectionsCheckingInterval: Math.min(5000, services.config.requestTimeoutSeconds * 500),
      // Node applies the request limit only while the headers' limit (60 s by default) is no longer than it.
      headersTimeout: Math.min(60_000, services.config.requestTimeoutSeconds * 1000),
    } as NonNullable<Parameters<typeof Fastify>[0]>['http'],
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Over plain HTTP (a LAN address) upgrade-insecure-requests and HSTS would send the browser to an https that is not there.
  const https = services.config.baseUrl.startsWith('https:');
  // The partner frame (/lifeplans) loads the partner's page: its origin is a frame source. Every page sends it, since the
  // app moves to /lifeplans without reloading and the first page's policy is the one the browser keeps.
  const partnerOrigin = services.config.partnerBaseUrl ? new URL(services.config.partnerBaseUrl).origin : null;
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        frameSrc: partnerOrigin ? ["'self'", partnerOrigin] : ["'self'"],
        // The collection points map's tiles (issue 40) come from the configured tile server, and nowhere else.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(services.config.mapTileUrl ? [new URL(services.config.mapTileUrl.replace(/[{}]/g, '')).origin] : []),
        ],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // 'wasm-unsafe-eval' lets the collection screen compile the barcode reader's WASM (served from 'self'); it
        // allows WebAssembly only, never eval of JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: { title: `${services.config.brandName} API`, version: services.config.buildVersion },
      // How to authenticate: a person's session token from POST /token, or an API key (docs/integrations.md).
      components: { securitySchemes: OPENAPI_SECURITY_SCHEMES },
      security: [{ sessionToken: [] }, { apiKey: [] }],
    },
    // Each operation carries its access rule as `x-access`, for API readers and for the access matrix test.
    // An upload's multipart body is documented from its declaration; it is read by the route, not validated as a body.
    transform: (input) => {
      const uploadBody = input.route.config?.uploadBody;
      const transformed = jsonSchemaTransform(
        uploadBody ? { ...input, schema: { ...input.schema, body: uploadBody } } : input,
      );
      const access = input.route.config?.access;
      return access ? { ...transformed, schema: { ...transformed.schema, 'x-access': access } } : transformed;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerHttpPlumbing(app, services);
  registerAuthThrottle(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-build-version', services.config.buildVersion);
    // API answers carry personal data and sessions: no browser or proxy keeps them unless a route said otherwise.
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  await app.register(accountsRoutes);
  await app.register(ownAccountRoutes, { prefix: '/api/v1' });
  await app.register(settingsRoutes, { prefix: '/api/v1' });
  await app.register(adminsRoutes, { prefix: '/api/v1' });
  await app.register(dnaRoutes, { prefix: '/api/v1' });
  await app.register(parentageRoutes, { prefix: '/api/v1' });
  await app.register(duplicateDogsRoutes, { prefix: '/api/v1' });
  await app.register(flaggedSamplesRoutes, { prefix: '/api/v1' });
  await app.register(groupsRoutes, { prefix: '/api/v1' });
  await app.register(lookupsRoutes, { prefix: '/api/v1' });
  await app.register(notificationsRoutes, { prefix: '/api/v1' });
  await app.register(petOwnersRoutes, { prefix: '/api/v1' });
  await app.register(shopRoutes, { prefix: '/api/v1' });
  await app.register(ancestryRoutes, { prefix: '/api/v1' });
  await app.register(residentsRoutes, { prefix: '/api/v1' });
  await app.register(wasteSamplesRoutes, { prefix: '/api/v1' });
  await app.register(fieldCollectionRoutes, { prefix: '/api/v1' });
  await app.register(wasteResultsRoutes, { prefix: '/api/v1' });
  await app.register(noMatchClustersRoutes, { prefix: '/api/v1' });
  await app.register(petsRoutes, { prefix: '/api/v1' });
  await app.register(systemRoutes, { prefix: '/api/v1' });
  await app.register(reportsRoutes, { prefix: '/api/v1' });
  await app.register(searchRoutes, { prefix: '/api/v1' });
  await app.register(emailTemplatesRoutes, { prefix: '/api/v1' });
  await app.register(bulkImportRoutes, { prefix: '/api/v1' });
  await app.register(rentRollRoutes, { prefix: '/api/v1' });
  await app.register(analyticsRoutes, { prefix: '/api/v1' });
  await app.register(profileReportsRoutes, { prefix: '/api/v1' });
  await app.register(certificatesRoutes, { prefix: '/api/v1' });
  await app.register(violationsRoutes, { prefix: '/api/v1' });
  await app.register(apiKeysRoutes, { prefix: '/api/v1' });
  await app.register(webhooksRoutes, { prefix: '/api/v1' });

  registerWebApp(app, services.config.webDistDir);
  // The job queue runs while the app does: started once it is ready, stopped (jobs in flight finished) on close.
  registerWasteResultJobs();
  registerEmailJobs();
  registerViolationJobs();
  registerViolationHooks();
  registerWebhookJobs();
  app.addHook('onReady', () => startJobQueue(services, (error) => app.log.error(error)));
  app.addHook('onClose', () => stopJobQueue(services.config));
  app.addHook('onReady', () =>
    startSessionCache(services.db, (error) => app.log.warn({ err: error }, 'session cache off')),
  );
  app.addHook('onClose', () => stopSessionCache(services.db));
  return app;
}

const OPENAPI_SECURITY_SCHEMES = {
  sessionToken: {
    type: 'http' as const,
    scheme: 'bearer',
    description:
      "A person's session: the access_token answered by POST /token, sent as `Authorization: Bearer <token>`.",
  },
  apiKey: {
    type: 'http' as const,
    scheme: 'bearer',
    bearerFormat: `${API_KEY_PREFIX}…`,
    description:
      `An API key made on a group's Integrations page (it starts with "${API_KEY_PREFIX}"), sent as ` +
      "`Authorization: Bearer <key>`. It acts with its creator's rights narrowed to its groups; a read-only key may " +
      'only GET. An expired or revoked key is answered 401, a record outside its groups 404.',
  },
};

const isApiUrl = (url: string) => /^\/(api\/|token(\?|$))/i.test(url);

/** Serves the built SPA with an index.html fallback for its client-side routes. */
function registerWebApp(app: FastifyInstance, webDistDir: string | null): void {
  if (!webDistDir || !fs.existsSync(path.join(webDistDir, 'index.html'))) return;
  // Hashed asset names never change content, so browsers may keep them for a year.
  void app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // The build writes each asset's .br and .gz beside it (apps/web/scripts/build.ts): sent as they are, not compressed
    // again on every request.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  // Read again whenever the build changes it, so a rebuild under a running server never serves a page naming deleted chunks.
  const indexPath = path.join(webDistDir, 'index.html');
  let indexHtml = { mtimeMs: 0, text: '' };
  const currentIndexHtml = () => {
    const mtimeMs = fs.statSync(indexPath).mtimeMs;
    if (mtimeMs !== indexHtml.mtimeMs) indexHtml = { mtimeMs, text: fs.readFileSync(indexPath, 'utf8') };
    return indexHtml.text;
  };
  app.get('/*', { config: { access: 'anonymous' }, schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/')) return reply.code(404).send({ message: `No route for GET ${url}.` });
    const file = path.join(webDistDir, path.normalize(url));
    if (file.startsWith(webDistDir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(webDistDir, file));
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(currentIndexHtml());
  });
}
