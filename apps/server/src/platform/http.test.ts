// The start-up check of http.ts: an API route that did not come from a contract declaration stops the app.
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import type { Services } from './context.ts';
import { registerHttpPlumbing } from './http.ts';

const app = () => {
  const fastify = Fastify();
  // The onRoute check reads no services; nothing else runs in these tests.
  registerHttpPlumbing(fastify, {} as Services);
  return fastify;
};

test('an /api route or /token registered without route() refuses to start, even with an access rule', () => {
  const config = { access: 'anonymous' as const };
  expect(() => app().get('/api/v1/rogue', { config }, async () => 'x')).toThrow(
    /not registered from a contract declaration/,
  );
  expect(() => app().post('/token', { config }, async () => 'x')).toThrow(/not registered from a contract declaration/);
  expect(() => app().get('/api/v1/rogue', async () => 'x')).toThrow(/does not declare who may call it/);
});

test('declared routes, the API documentation and the SPA fallback start', async () => {
  const fastify = app();
  fastify.get('/api/v1/declared', { config: { access: 'anonymous', endpoint: true } }, async () => 'x');
  fastify.get('/api/docs/json', async () => ({}));
  fastify.get('/*', { config: { access: 'anonymous' } }, async () => 'index');
  await fastify.ready();
  expect((await fastify.inject('/api/v1/declared')).body).toBe('x');
  await fastify.close();
});
