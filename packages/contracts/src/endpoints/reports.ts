// Reports and exports (spec 3 §7 "Reports"): each report's JSON page for the screen and its streamed CSV / XLSX export.
// Reports are for the admins who manage groups, each inside their own groups; the email export is the provider's.
import { endpointGroup } from '../endpoint.ts';

const reports = endpointGroup(['reports'], () => import('../schemas.ts'));
const VIEW = { right: 'report.view' } as const;

export const reportEndpoints = {
  tdAudit: reports.get('/tdauditreport', 'tdAuditReport', VIEW, (s) => ({
    query: s.tdAuditQuery,
    response: s.tdAuditPage,
  })),
  tdAuditExport: reports.get('/tdauditreport/export', 'tdAuditReportExport', VIEW, (s) => ({
    query: s.tdAuditExportQuery,
    response: s.exportFile,
  })),
  inventory: reports.get('/inventoryreport/:groupId', 'inventoryReport', VIEW, (s) => ({
    params: s.groupIdParam,
    query: s.inventoryQuery,
    response: s.inventoryReport,
  })),
  inventoryExport: reports.get('/inventoryreport/:groupId/export', 'inventoryReportExport', VIEW, (s) => ({
    params: s.groupIdParam,
    query: s.inventoryExportQuery,
    response: s.exportFile,
  })),
  inventoryAlerts: reports.post('/inventoryreport/:groupId/sendalerts', 'sendInventoryAlerts', VIEW, (s) => ({
    params: s.groupIdParam,
    response: s.inventoryAlertResult,
  })),
  residentRegistrations: reports.get(
    '/groups/:groupId/residents/getresidentregistrations',
    'residentRegistrationsReport',
    VIEW,
    (s) => ({ params: s.groupIdParam, query: s.residentRegistrationsQuery, response: s.residentRegistrationsPage }),
  ),
  residentRegistrationsExport: reports.get(
    '/groups/:groupId/residents/getresidentregistrations/export',
    'residentRegistrationsExport',
    VIEW,
    (s) => ({ params: s.groupIdParam, query: s.residentRegistrationsExportQuery, response: s.exportFile }),
  ),
  propertyExportCount: reports.get('/reportsgenerator/getpropertyexportcount', 'propertyExportCount', VIEW, (s) => ({
    query: s.propertyExportQuery,
    response: s.propertyExportCount,
  })),
  propertyExport: reports.get('/reportsgenerator/getpropertyexportcsv', 'propertyExport', VIEW, (s) => ({
    query: s.propertyExportQuery,
    response: s.exportFile,
  })),
};
