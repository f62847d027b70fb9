// Calls of the login page only, kept apart from accounts.api.ts so the login chunk does not
// pull in the contracts' zod schemas.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api';

export const externalLoginsQuery = () =>
  queryOptions({
    queryKey: ['account', 'externallogins'] as const,
    queryFn: () => api.get<{ name: string; url: string }[]>('/account/externallogins', { returnUrl: '/', generateState: true }, { handleErrorsSpecifically: true }),
    staleTime: Infinity,
  });
