// Own-account calls (spec 1 §7, base /api/v1/account): set a first password, change one's own name and email.
import { endpointGroup } from '../endpoint.ts';

const account = endpointGroup(['account'], () => import('../schemas.ts'));

export const accountEndpoints = {
  setPassword: account.post('/account/setpassword', 'setPassword', 'signedIn', (s) => ({
    body: s.setPasswordRequest,
    response: s.okMessage,
  })),
  updateUserInfo: account.post('/account/updateuserinfo', 'updateUserInfo', 'signedIn', (s) => ({
    body: s.updateUserInfoRequest,
    response: s.updateUserInfoResponse,
  })),
  // Anonymous: the mailed link may be opened in a browser where no one is signed in; the token is the proof.
  confirmEmail: account.post('/account/confirmemail', 'confirmEmail', 'anonymous', (s) => ({
    body: s.confirmEmailRequest,
    response: s.okMessage,
  })),
};
