// The profile reports under /reports (spec 3 §2): duplicate dogs and gender mismatches for a picked group, with their
// streamed CSV / XLSX exports. For the admins who manage groups (report.view), inside their own groups.
import { endpointGroup } from '../endpoint.ts';

const reports = endpointGroup(['reports'], () => import('../schemas.ts'));
const VIEW = { right: 'report.view' } as const;

export const profileReportEndpoints = {
  duplicateDogs: reports.get('/reports/duplicatedogs', 'duplicateDogsReport', VIEW, (s) => ({
    query: s.duplicateDogReportQuery,
    response: s.duplicateDogReportPage,
  })),
  duplicateDogsExport: reports.get('/reports/duplicatedogs/export', 'duplicateDogsReportExport', VIEW, (s) => ({
    query: s.duplicateDogReportExportQuery,
    response: s.exportFile,
  })),
  genderMismatch: reports.get('/reports/gendermismatch', 'genderMismatchReport', VIEW, (s) => ({
    query: s.genderMismatchQuery,
    response: s.genderMismatchPage,
  })),
  genderMismatchExport: reports.get('/reports/gendermismatch/export', 'genderMismatchReportExport', VIEW, (s) => ({
    query: s.genderMismatchExportQuery,
    response: s.exportFile,
  })),
};
