// Reports and exports (spec 3 §7 "Reports"): each report's JSON page for the screen and its streamed CSV / XLSX export.
// Reports are for the admins who manage groups, each inside their own groups; the email export is the provider's.
import { endpointGroup } from '../endpoint.ts';

const reports = endpointGroup(['reports'], () => import('../schemas.ts'));
const VIEW = { right: 'report.view' } as const;
const EMAIL = { right: 'report.emailExport' } as const;
const LAB = { right: 'dna.view' } as const;

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
  // Poo-prints detail report (spec 3 §7: GET /pooprintsdetailreport; the browser opens the export).
  detailReport: reports.get('/pooprintsdetailreport', 'pooPrintsDetailReport', VIEW, (s) => ({
    query: s.detailReportQuery,
    response: s.detailReportPage,
  })),
  detailReportExport: reports.get(
    '/reportsgenerator/getpooprintsdetailreport',
    'pooPrintsDetailReportExport',
    VIEW,
    (s) => ({ query: s.detailReportExportQuery, response: s.exportFile }),
  ),
  // Email export: every matching user's address (and temporary sign-in links), the provider's.
  emailExportPreview: reports.get('/emailexport/preview', 'emailExportPreview', EMAIL, (s) => ({
    query: s.emailExportPreviewQuery,
    response: s.emailExportPage,
  })),
  emailExport: reports.get('/emailexport/get', 'emailExport', EMAIL, (s) => ({
    query: s.emailExportQuery,
    response: s.exportFile,
  })),
  // Product by plate: the lab's plates (spec 3 §7; a missing plate is 404 'Plate Not Found').
  productByPlate: reports.get(
    '/reportsgenerator/getproductbyplatejsonreport',
    'productByPlateJsonReport',
    LAB,
    (s) => ({
      query: s.productByPlateQuery,
      response: s.productByPlatePage,
    }),
  ),
  productByPlateExport: reports.get(
    '/reportsgenerator/getproductbyplatecsvreport',
    'productByPlateCsvReport',
    LAB,
    (s) => ({
      query: s.productByPlateExportQuery,
      response: s.exportFile,
    }),
  ),
  // TD report (GET /tdreport?sampleNumber= or with group parameters) and its counts over time.
  tdReport: reports.get('/tdreport', 'tdReport', VIEW, (s) => ({ query: s.tdReportQuery, response: s.tdReportPage })),
  tdReportChart: reports.get('/tdreport/chart', 'tdReportChart', VIEW, (s) => ({
    query: s.tdReportFilterQuery,
    response: s.reportChart,
  })),
  tdReportExport: reports.get('/tdreport/export', 'tdReportExport', VIEW, (s) => ({
    query: s.tdReportExportQuery,
    response: s.exportFile,
  })),
  // No-match to match: reruns that turned a no-match into a match (the waste results' change records).
  noMatchToMatch: reports.get('/pooprintsnomatchtomatchreport', 'noMatchToMatchReport', VIEW, (s) => ({
    query: s.noMatchToMatchQuery,
    response: s.noMatchToMatchPage,
  })),
  noMatchToMatchChart: reports.get('/pooprintsnomatchtomatchreport/chart', 'noMatchToMatchChart', VIEW, (s) => ({
    query: s.noMatchToMatchFilterQuery,
    response: s.reportChart,
  })),
  noMatchToMatchExport: reports.get('/pooprintsnomatchtomatchreport/export', 'noMatchToMatchExport', VIEW, (s) => ({
    query: s.noMatchToMatchExportQuery,
    response: s.exportFile,
  })),
};
