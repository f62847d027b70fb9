// Email templates (spec 3 §7 "System": /sendgridemailtemplates): the event configs keyed by event name, and the
// templates themselves, stored and edited in the app (the spec's SendGrid ids become our template ids). Provider staff.
import { endpointGroup } from '../endpoint.ts';

const templates = endpointGroup(['emailtemplates'], () => import('../schemas.ts'));
const MANAGE = { right: 'system.emailTemplates' } as const;
const BASE = '/sendgridemailtemplates';

export const emailTemplateEndpoints = {
  templates: templates.get(`${BASE}/gettemplates`, 'getEmailTemplates', MANAGE, (s) => ({
    response: s.emailTemplatesResponse,
  })),
  configs: templates.get(`${BASE}/getconfig`, 'getEmailTemplateConfigs', MANAGE, (s) => ({
    response: s.emailTemplateConfigs,
  })),
  addConfig: templates.post(`${BASE}/addtemplateconfig`, 'addEmailTemplateConfig', MANAGE, (s) => ({
    query: s.templateKeyQuery,
    body: s.emailTemplateConfigBody,
    response: s.okMessage,
  })),
  updateConfig: templates.put(`${BASE}/updatetemplateconfig`, 'updateEmailTemplateConfig', MANAGE, (s) => ({
    query: s.templateKeyQuery,
    body: s.emailTemplateConfigBody,
    response: s.okMessage,
  })),
  deleteConfig: templates.delete(`${BASE}/deletetemplateconfig`, 'deleteEmailTemplateConfig', MANAGE, (s) => ({
    query: s.templateKeyQuery,
    response: s.okMessage,
  })),
  createTemplate: templates.post(`${BASE}/template`, 'createEmailTemplate', MANAGE, (s) => ({
    body: s.emailTemplateWriteRequest,
    response: s.emailTemplateView,
  })),
  updateTemplate: templates.put(`${BASE}/template/:id`, 'updateEmailTemplate', MANAGE, (s) => ({
    params: s.idParam,
    body: s.emailTemplateWriteRequest,
    response: s.emailTemplateView,
  })),
  deleteTemplate: templates.delete(`${BASE}/template/:id`, 'deleteEmailTemplate', MANAGE, (s) => ({
    params: s.idParam,
    response: s.okMessage,
  })),
  preview: templates.post(`${BASE}/preview`, 'previewEmailTemplate', MANAGE, (s) => ({
    body: s.emailTemplatePreviewRequest,
    response: s.emailTemplatePreview,
  })),
};
