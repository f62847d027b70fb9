// Accounts (spec 1 §4, §7 Account): sign-in, sessions, passwords, the caller's profile and role lists, features and the
// caller's own settings. The token endpoint is also served at /token (outside /api/v1), as the original API was.
import { endpointGroup } from '../endpoint.ts';

const account = endpointGroup(['account'], () => import('../schemas.ts'));
const features = endpointGroup(['features'], () => import('../schemas.ts'));
const settings = endpointGroup(['settings'], () => import('../schemas.ts'));

export const accountEndpoints = {
  token: account.post(
    '/token',
    'token',
    'anonymous',
    (s) => ({ body: s.tokenRequest, response: s.tokenResponse, responses: { 400: s.tokenError } }),
    { bodyKind: 'form', summary: 'Sign in (form: grant_type=password, userName, password, isPersistent)' },
  ),
  userInfo: account.get('/account/userinfo', 'userInfo', 'signedIn', (s) => ({ response: s.userInfo })),
  isAuthenticated: account.get('/account/isauthenticated', 'isAuthenticated', 'anonymous', (s) => ({
    response: s.isAuthenticatedResponse,
  })),
  logout: account.post('/account/logout', 'logout', 'signedIn', (s) => ({ response: s.logoutResponse })),
  changePassword: account.post('/account/changepassword', 'changePassword', 'signedIn', (s) => ({
    body: s.changePasswordRequest,
    response: s.okMessage,
  })),
  forgotPassword: account.post('/account/forgotpassword', 'forgotPassword', 'anonymous', (s) => ({
    body: s.forgotPasswordRequest,
    response: s.okMessage,
  })),
  checkResetPasswordToken: account.get('/account/resetpassword', 'checkResetPasswordToken', 'anonymous', (s) => ({
    query: s.resetPasswordCheckQuery,
    response: s.resetTokenValidity,
  })),
  resetPassword: account.post('/account/resetpassword', 'resetPassword', 'anonymous', (s) => ({
    body: s.resetPasswordRequest,
    response: s.okMessage,
  })),
  signInWithTemporaryToken: account.get(
    '/account/signinwithtemporarytoken',
    'signInWithTemporaryToken',
    'anonymous',
    (s) => ({ query: s.temporaryTokenQuery, response: s.temporaryTokenGrant }),
  ),
  generateTemporaryToken: account.get(
    '/account/generatetemporarytoken/:id',
    'generateTemporaryToken',
    'adminManager',
    (s) => ({ params: s.idParam, query: s.generateTemporaryTokenQuery, response: s.temporaryTokenResponse }),
  ),
  signInAsAnotherUser: account.post('/account/signinasanotheruser/:id', 'signInAsAnotherUser', 'adminManager', (s) => ({
    params: s.idParam,
    response: s.tokenResponse,
  })),
  resetAdminPassword: account.post('/account/resetadminpassword', 'resetAdminPassword', 'adminManager', (s) => ({
    query: s.idParam,
    response: s.okMessage,
  })),
  resetPetOwnerPassword: account.post(
    '/account/resetpetownerpassword',
    'resetPetOwnerPassword',
    'adminManager',
    (s) => ({
      body: s.resetPetOwnerPasswordRequest,
      response: s.okMessage,
    }),
  ),
  updateUserProfile: account.post('/account/updateuserprofile', 'updateUserProfile', 'signedIn', (s) => ({
    body: s.updateUserProfileRequest,
    response: s.okMessage,
  })),
  manageInfo: account.get('/account/manageinfo', 'manageInfo', 'signedIn', (s) => ({
    query: s.manageInfoQuery,
    response: s.manageInfo,
  })),
  passwordRules: account.get('/account/passwordrules', 'passwordRules', 'anonymous', (s) => ({
    response: s.passwordRules,
  })),
  // No external identity providers are configured in this product; the calls answer so rather than 404.
  externalLogins: account.get('/account/externallogins', 'externalLogins', 'anonymous', (s) => ({
    query: s.externalLoginsQuery,
    response: s.z.array(s.externalLogin),
  })),
  registerExternal: account.post('/account/registerexternal', 'registerExternal', 'anonymous', (s) => ({
    response: s.okMessage,
    responses: { 400: s.refusedBody },
  })),
  // Spec 1 §7 lists these without shapes (docs/decisions/accounts.md "Account calls").
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
  userRoles: account.get('/account/getuserroles', 'getUserRoles', 'admin', (s) => ({ response: s.roleOptions })),
  allAdminRoles: account.get('/account/getalladminroles', 'getAllAdminRoles', 'admin', (s) => ({
    response: s.roleOptions,
  })),
  creatableAdminRoles: account.get('/account/getcreatableadminroles', 'getCreatableAdminRoles', 'admin', (s) => ({
    query: s.creatableAdminRolesQuery,
    response: s.roleOptions,
  })),
};

export const settingsEndpoints = {
  features: features.get('/features', 'features', 'signedIn', (s) => ({ response: s.featureNames })),
  featuresForGroup: features.get('/features/getfeaturesforgroup', 'featuresForGroup', 'signedIn', (s) => ({
    query: s.featuresForGroupQuery,
    response: s.featureNames,
  })),
  dogQuickActions: settings.get('/usersettings/getdogquickactions', 'getDogQuickActions', 'admin', (s) => ({
    response: s.dogQuickActionsValue,
  })),
  setDogQuickActions: settings.post('/usersettings/setdogquickactions', 'setDogQuickActions', 'admin', (s) => ({
    body: s.dogQuickActionsRequest,
    response: s.dogQuickActionsValue,
  })),
};
