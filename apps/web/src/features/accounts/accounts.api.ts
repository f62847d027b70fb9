import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PASSWORD_RULES,
  Messages,
  accountEndpoints,
  passwordProblems,
  settingsEndpoints,
  type EndpointInput,
  type PasswordRules,
} from '@registry/contracts';
import { ApiError } from '../../lib/api';
import { authKeys } from '../../lib/auth';
import { callApi } from '../../lib/client';

type BodyOf<E extends Parameters<typeof callApi>[0]> = NonNullable<EndpointInput<E>['body']>;

const accountKeys = {
  all: ['account'] as const,
  manageInfo: () => [...accountKeys.all, 'manageinfo'] as const,
  passwordRules: () => [...accountKeys.all, 'passwordrules'] as const,
  dogQuickActions: () => [...accountKeys.all, 'dogquickactions'] as const,
};

const passwordRulesQuery = () =>
  queryOptions({
    queryKey: accountKeys.passwordRules(),
    queryFn: () => callApi(accountEndpoints.passwordRules),
    staleTime: Infinity,
  });

/** Server rules when known; the contract's defaults while they load or if the call fails. */
export function usePasswordRules(): PasswordRules {
  const { data } = useQuery(passwordRulesQuery());
  return data ?? DEFAULT_PASSWORD_RULES;
}

/** antd Form rule checking a new password against the server's rules. */
export function passwordRule(rules: PasswordRules) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      const problems = passwordProblems(value ?? '', rules);
      if (problems.length) throw new Error(problems.map((p) => p.message).join(' '));
    },
  };
}

/** Name and email (updateuserinfo); a new email is only pending until its mailed link is opened. */
export function useUpdateUserInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof accountEndpoints.updateUserInfo>) =>
      callApi(accountEndpoints.updateUserInfo, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: accountKeys.manageInfo() });
      void qc.invalidateQueries({ queryKey: authKeys.userInfo() });
    },
  });
}

/** The confirm-email landing: the token from the mailed link. */
export const confirmEmail = (token: string) =>
  callApi(accountEndpoints.confirmEmail, { body: { token } }, { handleErrorsSpecifically: true });

export const manageInfoQuery = () =>
  queryOptions({ queryKey: accountKeys.manageInfo(), queryFn: () => callApi(accountEndpoints.manageInfo) });

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof accountEndpoints.updateUserProfile>) =>
      callApi(accountEndpoints.updateUserProfile, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: accountKeys.manageInfo() });
      void qc.invalidateQueries({ queryKey: authKeys.userInfo() });
    },
  });
}

export type ChangePasswordBody = BodyOf<typeof accountEndpoints.changePassword>;
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => callApi(accountEndpoints.changePassword, { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: authKeys.all }),
  });
}

export const forgotPassword = (email: string) =>
  callApi(accountEndpoints.forgotPassword, { body: { email } }, { handleErrorsSpecifically: true });

export type ResetPasswordBody = BodyOf<typeof accountEndpoints.resetPassword>;
export const resetTokenQuery = (userName: string, token: string) =>
  queryOptions({
    queryKey: [...accountKeys.all, 'resettoken', userName, token] as const,
    queryFn: () =>
      callApi(
        accountEndpoints.checkResetPasswordToken,
        { query: { userName, token } },
        { handleErrorsSpecifically: true },
      ),
    staleTime: Infinity,
  });

export const resetPassword = (body: ResetPasswordBody) =>
  callApi(accountEndpoints.resetPassword, { body }, { handleErrorsSpecifically: true });

export const signInWithTemporaryToken = (token: string, isPersistent = false) =>
  callApi(
    accountEndpoints.signInWithTemporaryToken,
    { query: { token, isPersistent } },
    { handleErrorsSpecifically: true },
  );

/** Spec 1 §8: the server's message, else 'expired' for 404, else a generic failure. */
export function tokenLoginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const body = err.body as { message?: unknown; exceptionMessage?: unknown } | undefined;
    const serverMessage =
      typeof body?.exceptionMessage === 'string'
        ? body.exceptionMessage
        : typeof body?.message === 'string'
          ? body.message
          : null;
    if (serverMessage) return serverMessage;
    if (err.status === 404) return Messages.loginLinkExpired;
  }
  return Messages.failedToSignIn;
}

export const dogQuickActionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.dogQuickActions(),
    queryFn: async () => (await callApi(settingsEndpoints.dogQuickActions)).value,
  });

export function useSetDogQuickActions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: number) => callApi(settingsEndpoints.setDogQuickActions, { body: { value } }),
    onSuccess: (_r, value) => qc.setQueryData(accountKeys.dogQuickActions(), value),
  });
}
