// The report kit's URL schemas, derived from the contracts' query schemas: a value the contract refuses falls back, a
// good one is kept and typed, and the URL's names map onto the query's.
import { describe, expect, it } from 'vitest';
import { duplicateDogReportQuery, ordersQuery, tdAuditQuery, tdReportQuery } from '@registry/contracts';
import { isReportSearch, pickedGroupName, reportSearch } from './reportSearch';
import { pagingSearch } from './urlSearch';

const tdAudit = reportSearch(
  tdAuditQuery,
  { groupId: 'groupId', startDate: 'dateFilterStart', endDate: 'dateFilterEnd' },
  { extra: pickedGroupName },
);
const duplicates = reportSearch(
  duplicateDogReportQuery,
  { groupId: 'groupId', reviewStatus: 'reviewStatus', sampleNumber: 'sampleNumber' },
  { pageSize: 10 },
);

describe('reportSearch', () => {
  it('keeps good URL values, typed as the contract reads them', () => {
    const search = tdAudit.schema.parse({ groupId: '12', startDate: '01/01/2000', groupName: 'Harbor', page: '2' });
    expect(search).toEqual({ groupId: 12, startDate: '01/01/2000', groupName: 'Harbor', page: 2, pageSize: 25 });
    const groupId: number | undefined = search.groupId;
    expect(typeof groupId).toBe('number');
    expect(duplicates.schema.parse({ reviewStatus: 'Reviewed' }).reviewStatus).toBe(2);
  });

  it('drops what the contract refuses to the defaults instead of failing the page', () => {
    const search = tdAudit.schema.parse({
      groupId: 'abc',
      startDate: '13/45/2020',
      endDate: '   ',
      page: '-3',
      pageSize: 'lots',
      ascending: 'maybe',
    });
    expect(search).toEqual({ page: 1, pageSize: 25 });
    expect(duplicates.schema.parse({ reviewStatus: '9', sampleNumber: 'x'.repeat(40) })).toEqual({
      page: 1,
      pageSize: 10,
    });
  });

  it('takes only the orders the contract names, and any column where it names none', () => {
    expect(duplicates.schema.parse({ orderBy: 'members' }).orderBy).toBe('members');
    expect(duplicates.schema.parse({ orderBy: 'password' }).orderBy).toBeUndefined();
    expect(tdAudit.schema.parse({ orderBy: 'sampleNumber' }).orderBy).toBe('sampleNumber');
  });

  it('keeps the name of a numbered order the contract takes, so the sorted column still finds its key', () => {
    const orders = reportSearch(ordersQuery, { searchTerm: 'searchTerm' }, { pageSize: 100 });
    expect(orders.schema.parse({ orderBy: 'GrandTotal' }).orderBy).toBe('GrandTotal');
    expect(orders.schema.parse({ orderBy: 'password' }).orderBy).toBeUndefined();
    expect(orders.schema.parse({ orderBy: '   ' }).orderBy).toBeUndefined();
    const byColumn = reportSearch(ordersQuery, {}, { columnOrders: true });
    expect(byColumn.schema.parse({ orderBy: 'orderDateColumn' }).orderBy).toBe('orderDateColumn');
  });

  it('tells its schemas from hand-written ones', () => {
    expect(isReportSearch(tdAudit.schema)).toBe(true);
    expect(isReportSearch(pagingSearch())).toBe(false);
  });

  it('reads its own output the same way (the router validates the search it already parsed)', () => {
    const once = duplicates.schema.parse({ groupId: '7', reviewStatus: 'Unreviewed', sampleNumber: 'DN1', page: '3' });
    expect(duplicates.schema.parse(once)).toEqual(once);
  });

  it("builds the endpoint's query under the contract's names, leaving out what is not set", () => {
    const search = tdAudit.schema.parse({ groupId: '12', startDate: '01/01/2000', groupName: 'Harbor' });
    expect(tdAudit.request(search)).toEqual({ groupId: 12, dateFilterStart: '01/01/2000' });
    const td = reportSearch(tdReportQuery, { sampleNumber: 'sampleNumberFilter' });
    expect(td.request(td.schema.parse({ sampleNumber: 'dn100' }))).toEqual({ sampleNumberFilter: 'DN100' });
    expect(tdAuditQuery.safeParse({ ...tdAudit.request(search) }).success).toBe(true);
  });
});
