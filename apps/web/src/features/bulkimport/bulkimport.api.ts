// The bulk import's calls: the column list (cached for the session) and one batch of rows.
import { queryOptions } from '@tanstack/react-query';
import type { ImportResidentRow } from '@registry/contracts';
import { bulkImportEndpoints } from '@registry/contracts/endpoints/bulkimport';
import { callApi } from '../../lib/client';

const bulkImportKeys = {
  all: ['bulkimport'] as const,
  columns: () => [...bulkImportKeys.all, 'columns'] as const,
};

export const columnInfoQuery = () =>
  queryOptions({
    queryKey: bulkImportKeys.columns(),
    queryFn: () => callApi(bulkImportEndpoints.columnInfo),
    staleTime: Infinity,
    retry: false,
  });

export const importBatch = (rows: ImportResidentRow[]) => callApi(bulkImportEndpoints.importResidents, { body: rows });
