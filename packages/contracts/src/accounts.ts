// Sign-in and own-account shapes (spec 1 §3, §7).
import { z } from 'zod';
import { addressView, optionalAddress } from './addresses.ts';
import { SIGN_IN_PASSWORD_MAX, SIGN_IN_USER_NAME_MAX } from './sign-in-limits.ts';
import {
  INT_MAX,
  appPath,
  email,
  optionalEmail,
  queryBoolean,
  requiredText,
  textField,
  usDate,
  integer,
} from './common.ts';

export const passwordRules = z.object({
  requiredLength: z.number().int(),
  requireUppercase: z.boolean(),
  requireLowercase: z.boolean(),
  requireDigit: z.boolean(),
  requireNonLetterOrDigit: z.boolean(),
});
export type PasswordRules = z.infer<typeof passwordRules>;
export const DEFAULT_PASSWORD_RULES: PasswordRules = {
  requiredLength: 8,
  requireUppercase: true,
  requireLowercase: true,
  requireDigit: true,
  requireNonLetterOrDigit: true,
};

export type PasswordValidatorName = 'minLength' | 'uppercase' | 'lowercase' | 'number' | 'special';
/** The validators a password fails, by the spec's validator names, with their messages. */
export function passwordProblems(
  password: string,
  rules: PasswordRules,
): { validator: PasswordValidatorName; message: string }[] {
  const problems: { validator: PasswordValidatorName; message: string }[] = [];
  if (password.length < rules.requiredLength)
    problems.push({
      validator: 'minLength',
      message: `Passwords must be at least ${rules.requiredLength} characters.`,
    });
  if (rules.requireUppercase && !/[A-Z]/.test(password))
    problems.push({ validator: 'uppercase', message: "Passwords must have at least one uppercase ('A'-'Z')." });
  if (rules.requireLowercase && !/[a-z]/.test(password))
    problems.push({ validator: 'lowercase', message: "Passwords must have at least one lowercase ('a'-'z')." });
  if (rules.requireDigit && !/[0-9]/.test(password))
    problems.push({ validator: 'number', message: "Passwords must have at least one digit ('0'-'9')." });
  if (rules.requireNonLetterOrDigit && !/[^A-Za-z0-9]/.test(password))
    problems.push({ validator: 'special', message: 'Passwords must have at least one non letter or digit character.' });
  return problems;
}
export const newPassword = (rules: PasswordRules = DEFAULT_PASSWORD_RULES) =>
  textField(128).superRefine((password, ctx) => {
    for (const problem of passwordProblems(password, rules)) ctx.addIssue({ code: 'custom', message: problem.message });
  });

/** POST /token, form-encoded. isPersistent arrives as text. */
export const tokenRequest = z.object({
  grant_type: z.literal('password', { error: 'unsupported_grant_type' }),
  userName: textField(SIGN_IN_USER_NAME_MAX).trim().min(1),
  password: textField(SIGN_IN_PASSWORD_MAX).min(1),
  isPersistent: z.union([z.boolean(), textField(8)]).optional(),
});
export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  userName: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;
export const tokenError = z.object({ error: z.string(), error_description: z.string() });
/** A temporary sign-in link's answer: the token plus where the link asked to go. */
export const temporaryTokenGrant = tokenResponse.extend({ returnUrl: z.string().nullable() });
export type TemporaryTokenGrant = z.infer<typeof temporaryTokenGrant>;

/** What the view of an admin or a pet owner shows first: the account and the person's names and contact details. */
export const accountPersonView = {
  id: z.number().int(),
  userName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  companyName: z.string().nullable(),
};

export const userInfo = z.object({
  id: z.number().int(),
  userName: z.string(),
  fullName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  roleId: z.number().int(),
  role: z.string(),
  isAdmin: z.boolean(),
  isPetOwner: z.boolean(),
  isBioPetAdmin: z.boolean(),
  isResident: z.boolean(),
  petOwnerId: z.number().int().nullable(),
  residentId: z.number().int().nullable(),
  features: z.array(z.string()),
  /** Set while signed in as another user: logout restores the previous session. */
  impersonatedBy: z.string().nullable(),
  /** The lab's time zone: the web app reads dates without a zone in it. */
  labTimeZone: z.string(),
  /** This user may switch on the fake-data test mode (provider staff, outside production). */
  testModeAvailable: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const logoutResponse = z.object({ restoredToken: z.string().nullable() });

export const changePasswordRequest = z
  .object({ oldPassword: textField(128).min(1), newPassword: newPassword(), confirmPassword: textField(128) })
  .refine((body) => body.newPassword === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The new password and confirmation password do not match.',
  });
export const forgotPasswordRequest = z.object({ email: textField(256).trim().min(1, 'The Email field is required.') });
export const resetPasswordRequest = z
  .object({
    userName: textField(256).trim().min(1),
    email: textField(256).optional(),
    token: textField(512).min(1),
    password: newPassword(),
    confirmPassword: textField(128),
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The password and confirmation password do not match.',
  });
export const resetPasswordCheckQuery = z.object({ userName: textField(256), token: textField(512) });
export const resetTokenValidity = z.object({ isValid: z.boolean() });
export const isAuthenticatedResponse = z.object({ isAuthenticated: z.boolean() });

/** GET signinwithtemporarytoken: isPersistent says whether the session the link opens is remembered, as at POST /token. */
export const temporaryTokenQuery = z.object({
  token: textField(512).optional(),
  isPersistent: queryBoolean.optional(),
});
export const TEMPORARY_LINK_MAX_DAYS = 365;
/**
 * GET generatetemporarytoken/{id} (spec 1 §7; the email campaign's signInLinkConfigs, spec 3): the link works from
 * issueDate (default today) for daysValid days (default 1). The campaign export sends hoursValid = daysValid × 24,
 * accepted in whole days for that caller.
 */
export const generateTemporaryTokenQuery = z.object({
  issueDate: usDate.optional(),
  daysValid: integer(1, TEMPORARY_LINK_MAX_DAYS).optional(),
  hoursValid: integer(1, TEMPORARY_LINK_MAX_DAYS * 24).optional(),
  returnUrl: appPath(500).optional(),
  isPersistent: queryBoolean.optional(),
});
export const temporaryTokenResponse = z.object({
  token: z.string(),
  validFrom: z.string(),
  expiresAt: z.string(),
  url: z.string(),
});

/** POST setpassword: an account without a password sets one, under the reset's rules. */
export const setPasswordRequest = z
  .object({ newPassword: newPassword(), confirmPassword: textField(128) })
  .refine((body) => body.newPassword === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The new password and confirmation password do not match.',
  });
/** POST updateuserinfo: the signed-in user's own name and email; a new email waits for its confirmation link. */
export const updateUserInfoRequest = z.object({
  firstName: requiredText(100, 'The First Name field is required.'),
  lastName: requiredText(100, 'The Last Name field is required.'),
  email: email,
});
export type UpdateUserInfoRequest = z.input<typeof updateUserInfoRequest>;
export const updateUserInfoResponse = z.object({
  message: z.string(),
  /** The address a confirmation link went to; null when the email did not change. */
  pendingEmail: z.string().nullable(),
});
/** POST confirmemail: the token from the mailed link. */
export const confirmEmailRequest = z.object({ token: textField(512).min(1, 'The link is incomplete.') });

export const updateUserProfileRequest = z.object({
  firstName: requiredText(100, 'The First Name field is required.'),
  lastName: requiredText(100, 'The Last Name field is required.'),
  email: optionalEmail,
  phoneNumber: textField(32).trim().optional().nullable(),
  companyName: textField(200).trim().optional().nullable(),
  receiveEmails: z.boolean().optional(),
  address: optionalAddress,
});
export type UpdateUserProfileRequest = z.input<typeof updateUserProfileRequest>;

export const manageInfoQuery = z.object({
  returnUrl: appPath(500).optional(),
  generateState: textField(10).optional(),
});
export const externalLogin = z.object({ name: z.string(), url: z.string() });
export const externalLoginsQuery = z.object({
  returnUrl: appPath(500).optional(),
  generateState: textField(10).optional(),
});
export const manageInfo = z.object({
  userName: z.string(),
  localLoginProvider: z.string(),
  logins: z.array(z.object({ loginProvider: z.string(), providerKey: z.string() })),
  externalLoginProviders: z.array(externalLogin),
  profile: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    companyName: z.string().nullable(),
    receiveEmails: z.boolean(),
    address: addressView.nullable(),
  }),
});

export const resetPetOwnerPasswordRequest = z.object({ petOwnerId: integer(1, INT_MAX) });
export const roleOption = z.object({ id: z.number().int(), name: z.string() });
export const roleOptions = z.array(roleOption);
