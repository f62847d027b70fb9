import { describe, expect, it } from 'vitest';
import { DETAIL_REPORT_COLUMNS } from '@registry/contracts';
import { columnsOf } from './DetailReportPages';
import { detailReportSearch } from './reports.search';

describe('the PooPrints detail report columns', () => {
  it('"Select all" keeps every column through the URL (it once fell back to the 11 defaults)', () => {
    const all = DETAIL_REPORT_COLUMNS.map((c) => c.key).join(',');
    const parsed = detailReportSearch.parse({ columns: all });
    expect(columnsOf(parsed.columns)).toHaveLength(DETAIL_REPORT_COLUMNS.length);
  });
});
