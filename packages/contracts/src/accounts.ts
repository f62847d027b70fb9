// Sign-in and own-account shapes (spec 1 §3, §7).
import { z } from 'zod';
import { addressView, optionalAddress } from './addresses.ts';
import { requiredText } from './common.ts';

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
export function passwordProblems(password: string, rules: PasswordRules): { validator: PasswordValidatorName; message: string }[] {
  const problems: { validator: PasswordValidatorName; message: string }[] = [];
  if (password.length < rules.requiredLength)
    problems.push({ validator: 'minLength', message: `Passwords must be at least ${rules.requiredLength} characters.` });
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
  z.string().max(128, 'Must be at most 128 characters.').superRefine((password, ctx) => {
    for (const problem of passwordProblems(password, rules)) ctx.addIssue({ code: 'custom', message: problem.message });
  });

/** POST /token, form-encoded. isPersistent arrives as text. */
export const tokenRequest = z.object({
  grant_type: z.literal('password', { error: 'unsupported_grant_type' }),
  userName: z.string().trim().min(1).max(256),
  password: z.string().min(1).max(128),
  isPersistent: z.union([z.boolean(), z.string()]).optional(),
});
export const tokenResponse = z.object({ access_token: z.string(), token_type: z.literal('bearer'), expires_in: z.number().int(), userName: z.string() });
export type TokenResponse = z.infer<typeof tokenResponse>;
export const tokenError = z.object({ error: z.string(), error_description: z.string() });
/** A temporary sign-in link's answer: the token plus where the link asked to go. */
export const temporaryTokenGrant = tokenResponse.extend({ returnUrl: z.string().nullable() });
export type TemporaryTokenGrant = z.infer<typeof temporaryTokenGrant>;

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
  .object({ oldPassword: z.string().min(1).max(128), newPassword: newPassword(), confirmPassword: z.string().max(128) })
  .refine((body) => body.newPassword === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The new password and confirmation password do not match.',
  });
export const forgotPasswordRequest = z.object({ email: z.string().trim().min(1, 'The Email field is required.').max(256) });
export const resetPasswordRequest = z
  .object({
    userName: z.string().trim().min(1).max(256),
    email: z.string().max(256).optional(),
    token: z.string().min(1).max(512),
    password: newPassword(),
    confirmPassword: z.string().max(128),
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The password and confirmation password do not match.',
  });
export const resetPasswordCheckQuery = z.object({ userName: z.string().max(256), token: z.string().max(512) });
export const resetTokenValidity = z.object({ isValid: z.boolean() });
export const isAuthenticatedResponse = z.object({ isAuthenticated: z.boolean() });

export const temporaryTokenQuery = z.object({
  token: z.string().max(512).optional(),
  isPersistent: z.union([z.boolean(), z.string()]).optional(),
});
export const temporaryTokenResponse = z.object({ token: z.string(), expiresAt: z.string(), url: z.string() });
/** An admin's sign-in link for another user: valid 1 hour to 90 days, landing on an app path. */
export const generateTemporaryTokenQuery = z.object({
  hoursValid: z.coerce.number().int().min(1).max(24 * 90).optional(),
  returnUrl: z.string().max(500).startsWith('/').optional(),
});

export const updateUserProfileRequest = z.object({
  firstName: requiredText(100, 'The First Name field is required.'),
  lastName: requiredText(100, 'The Last Name field is required.'),
  email: z.string().trim().max(256).pipe(z.union([z.literal(''), z.email('Invalid email address.')])).optional().nullable(),
  phoneNumber: z.string().trim().max(32).optional().nullable(),
  companyName: z.string().trim().max(200).optional().nullable(),
  receiveEmails: z.boolean().optional(),
  address: optionalAddress,
});
export type UpdateUserProfileRequest = z.input<typeof updateUserProfileRequest>;

export const manageInfoQuery = z.object({ returnUrl: z.string().max(500).optional(), generateState: z.string().max(10).optional() });
export const externalLogin = z.object({ name: z.string(), url: z.string() });
export const externalLoginsQuery = z.object({ returnUrl: z.string().max(500).optional(), generateState: z.string().max(10).optional() });
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

export const resetPetOwnerPasswordRequest = z.object({ petOwnerId: z.coerce.number().int().positive() });
export const roleOption = z.object({ id: z.number().int(), name: z.string() });
export const roleOptions = z.array(roleOption);
