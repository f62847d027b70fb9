// API keys (issue 42): list, create (the key answered once) and revoke. Provider staff and group admins.
import { endpointGroup } from '../endpoint.ts';

const apiKey = endpointGroup(['apikeys'], () => import('../schemas.ts'));

export const apiKeyEndpoints = {
  list: apiKey.get('/apikeys', 'getApiKeys', { right: 'integrations.manage' }, (s) => ({
    query: s.apiKeyListQuery,
    response: s.apiKeyList,
  })),
  create: apiKey.post('/apikeys', 'createApiKey', { right: 'integrations.manage' }, (s) => ({
    body: s.apiKeyCreateRequest,
    response: s.apiKeyCreated,
  })),
  revoke: apiKey.post('/apikeys/:id/revoke', 'revokeApiKey', { right: 'integrations.manage' }, (s) => ({
    params: s.idParam,
    response: s.apiKeyView,
  })),
};
