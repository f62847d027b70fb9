import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { emailTemplateEndpoints, type EndpointInput, type EndpointResponse } from '@registry/contracts';
import { callApi } from '../../lib/client';

type EmailTemplatesList = EndpointResponse<typeof emailTemplateEndpoints.templates>;
export type EmailEventInfo = EmailTemplatesList['events'][number];
export type ConfigBody = EndpointInput<typeof emailTemplateEndpoints.addConfig>['body'];
export type TemplateBody = EndpointInput<typeof emailTemplateEndpoints.createTemplate>['body'];

const emailTemplateKeys = {
  all: ['emailtemplates'] as const,
  templates: () => [...emailTemplateKeys.all, 'templates'] as const,
  configs: () => [...emailTemplateKeys.all, 'configs'] as const,
};

export const emailTemplatesQuery = () =>
  queryOptions({ queryKey: emailTemplateKeys.templates(), queryFn: () => callApi(emailTemplateEndpoints.templates) });
export const emailTemplateConfigsQuery = () =>
  queryOptions({ queryKey: emailTemplateKeys.configs(), queryFn: () => callApi(emailTemplateEndpoints.configs) });

export function useSaveConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ eventName, exists, body }: { eventName: string; exists: boolean; body: ConfigBody }) =>
      exists
        ? callApi(emailTemplateEndpoints.updateConfig, { query: { templateKey: eventName }, body })
        : callApi(emailTemplateEndpoints.addConfig, { query: { templateKey: eventName }, body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}

export function useDeleteConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (eventName: string) =>
      callApi(emailTemplateEndpoints.deleteConfig, { query: { templateKey: eventName } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}

export function useSaveTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TemplateBody }) =>
      id
        ? callApi(emailTemplateEndpoints.updateTemplate, { params: { id }, body })
        : callApi(emailTemplateEndpoints.createTemplate, { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}

export const previewTemplate = (body: EndpointInput<typeof emailTemplateEndpoints.preview>['body']) =>
  callApi(emailTemplateEndpoints.preview, { body });
