// Program analytics (issue 42): a group's program over a period beside the one before, and the lab's figures for
// provider staff; each with its CSV / XLSX export.
import { endpointGroup } from '../endpoint.ts';

const analytics = endpointGroup(['analytics'], () => import('../schemas.ts'));
const PROGRAM = { right: 'analytics.view' } as const;
const LAB = { right: 'analytics.lab' } as const;

export const analyticsEndpoints = {
  program: analytics.get('/analytics/program', 'programAnalytics', PROGRAM, (s) => ({
    query: s.programAnalyticsQuery,
    response: s.programAnalytics,
  })),
  programExport: analytics.get('/analytics/program/export', 'programAnalyticsExport', PROGRAM, (s) => ({
    query: s.programAnalyticsExportQuery,
    response: s.exportFile,
  })),
  lab: analytics.get('/analytics/lab', 'labAnalytics', LAB, (s) => ({
    query: s.labAnalyticsQuery,
    response: s.labAnalytics,
  })),
  labExport: analytics.get('/analytics/lab/export', 'labAnalyticsExport', LAB, (s) => ({
    query: s.labAnalyticsExportQuery,
    response: s.exportFile,
  })),
};
