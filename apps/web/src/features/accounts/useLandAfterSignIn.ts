import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { dropSession, featuresQuery, landingSources, userInfoQuery } from '../../lib/auth';
import { resolveLandingAfterLogin, type Landing } from '../../lib/landing';

/**
 * After a token is stored: load the user, apply the after-login rules and go there.
 * Returns the landing so the caller can present the 'no groups' error.
 */
export function useLandAfterSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (returnUrl?: string | null): Promise<Landing> => {
      // Every cached answer is marked stale at once; the refetch of what is on screen (the sign-in page's own queries)
      // is not waited for: it held the user info back by a whole round trip.
      void queryClient.invalidateQueries();
      // Every signed-in screen's frame reads the features; asked beside the user, not after the landing (one round
      // trip less in the first screen's chain: docs/performance.md, "First screen after sign-in").
      void queryClient.prefetchQuery(featuresQuery());
      const user = await queryClient.fetchQuery(userInfoQuery());
      const landing = await resolveLandingAfterLogin(user, returnUrl, landingSources(queryClient));
      if (landing.kind === 'navigate') await navigate({ href: landing.to, replace: true });
      else if (landing.kind === 'chooseGroup') await navigate({ to: '/choose-group', replace: true });
      // Staff must be assigned to a group to sign in (spec 1 §4).
      else dropSession(queryClient);
      return landing;
    },
    [queryClient, navigate],
  );
}
