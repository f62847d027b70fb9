// Calls of the login page only, kept apart from accounts.api.ts so the login chunk does not
// pull in the contracts' zod schemas (hence the subpath import).
import { queryOptions } from '@tanstack/react-query';
import { accountEndpoints } from '@registry/contracts/endpoints/accounts';
import { callApi } from '../../lib/client';

export const externalLoginsQuery = () =>
  queryOptions({
    queryKey: ['account', 'externallogins'] as const,
    queryFn: () =>
      callApi(
        accountEndpoints.externalLogins,
        { query: { returnUrl: '/', generateState: 'true' } },
        { handleErrorsSpecifically: true },
      ),
    staleTime: Infinity,
  });
