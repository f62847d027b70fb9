import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  DEFAULT_PASSWORD_RULES,
  Messages,
  passwordProblems,
  type manageInfo,
  type PasswordRules,
  type TemporaryTokenGrant,
  type UpdateUserInfoRequest,
  type UpdateUserProfileRequest,
} from '@registry/contracts';
import { accountEndpoints } from '@registry/contracts';
import { api, ApiError } from '../../app/api';
import { callApi } from '../../app/client';
import { authKeys } from '../../app/auth';

export type ManageInfo = z.infer<typeof manageInfo>;

export const accountKeys = {
  all: ['account'] as const,
  manageInfo: () => [...accountKeys.all, 'manageinfo'] as const,
  passwordRules: () => [...accountKeys.all, 'passwordrules'] as const,
  dogQuickActions: () => [...accountKeys.all, 'dogquickactions'] as const,
};

export const passwordRulesQuery = () =>
  queryOptions({
    queryKey: accountKeys.passwordRules(),
    queryFn: () => api.get<PasswordRules>('/account/passwordrules'),
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
    mutationFn: (body: UpdateUserInfoRequest) => callApi(accountEndpoints.updateUserInfo, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: accountKeys.manageInfo() });
      void qc.invalidateQueries({ queryKey: authKeys.userInfo() });
    },
  });
}

/** The confirm-email landing: the token from the mailed link. */
export const confirmEmail = (token: string) => callApi(accountEndpoints.confirmEmail, { body: { token } }, { handleErrorsSpecifically: true });

export const manageInfoQuery = () =>
  queryOptions({ queryKey: accountKeys.manageInfo(), queryFn: () => api.get<ManageInfo>('/account/manageinfo') });

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserProfileRequest) => api.post<unknown>('/account/updateuserprofile', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: accountKeys.manageInfo() });
      void qc.invalidateQueries({ queryKey: authKeys.userInfo() });
    },
  });
}

export interface ChangePasswordBody {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post<unknown>('/account/changepassword', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: authKeys.all }),
  });
}

export const forgotPassword = (email: string) => api.post<unknown>('/account/forgotpassword', { email }, { handleErrorsSpecifically: true });

export interface ResetPasswordBody {
  userName: string;
  token: string;
  password: string;
  confirmPassword: string;
}
export const resetTokenQuery = (userName: string, token: string) =>
  queryOptions({
    queryKey: [...accountKeys.all, 'resettoken', userName, token] as const,
    queryFn: () => api.get<{ isValid: boolean }>('/account/resetpassword', { userName, token }, { handleErrorsSpecifically: true }),
    staleTime: Infinity,
  });

export const resetPassword = (body: ResetPasswordBody) => api.post<unknown>('/account/resetpassword', body, { handleErrorsSpecifically: true });

export const signInWithTemporaryToken = (token: string, isPersistent = false) =>
  api.get<Partial<TemporaryTokenGrant>>('/account/signinwithtemporarytoken', { token, isPersistent }, { handleErrorsSpecifically: true });

/** Spec 1 §8: the server's message, else 'expired' for 404, else a generic failure. */
export function tokenLoginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const body = err.body as { message?: unknown; exceptionMessage?: unknown } | undefined;
    const serverMessage = typeof body?.exceptionMessage === 'string' ? body.exceptionMessage : typeof body?.message === 'string' ? body.message : null;
    if (serverMessage) return serverMessage;
    if (err.status === 404) return Messages.loginLinkExpired;
  }
  return Messages.failedToSignIn;
}

export const dogQuickActionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.dogQuickActions(),
    queryFn: async () => {
      const answer = await api.get<number | { value: number }>('/usersettings/getdogquickactions');
      return typeof answer === 'number' ? answer : (answer?.value ?? 0);
    },
  });

export function useSetDogQuickActions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: number) => api.post<unknown>('/usersettings/setdogquickactions', { value }),
    onSuccess: (_r, value) => qc.setQueryData(accountKeys.dogQuickActions(), value),
  });
}
