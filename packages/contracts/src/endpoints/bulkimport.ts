// Bulk resident import (spec 3 §7 "Bulk import"): the column list with its required flags, and the import of a batch of
// rows, each in its own transaction, answering a result per row. For the admins who manage groups (tools.bulkUpload).
import { endpointGroup } from '../endpoint.ts';

const bulkImport = endpointGroup(['bulkimport'], () => import('../schemas.ts'));
const UPLOAD = { right: 'tools.bulkUpload' } as const;

export const bulkImportEndpoints = {
  columnInfo: bulkImport.get('/bulkupload/importresidentscolumninfo', 'importResidentsColumnInfo', UPLOAD, (s) => ({
    response: s.bulkImportColumnInfo,
  })),
  importResidents: bulkImport.put('/bulkupload/importnewresidents', 'importNewResidents', UPLOAD, (s) => ({
    body: s.importResidentsBody,
    response: s.importResidentsResponse,
  })),
};
