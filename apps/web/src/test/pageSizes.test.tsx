// Page sizes (spec 1 §9): every paged list offers 25, 50, 100 and 200 and starts at 25, except where a screen of the
// spec defines its own (listed below with where). Walks every URL search schema of the features and every file that
// sets page sizes, so a new paged list is checked without being added here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '@registry/contracts';
import { renderWithProviders } from './utils';
import { DataTable } from '../components/DataTable';
import { EMAIL_LOG_PAGE_SIZES, AUDIT_LOG_PAGE_SIZE } from '../features/system/system.search';

/** Search schemas whose screen defines its own default page size, with the spec's words. */
const OWN_DEFAULTS: Record<string, { pageSize: number; spec: string }> = {
  emailLogSearch: { pageSize: EMAIL_LOG_PAGE_SIZES[0], spec: 'spec 3 §9: email log 15, 25, 50, 100' },
  auditLogSearch: { pageSize: AUDIT_LOG_PAGE_SIZE, spec: 'spec 3: audit log page size 100' },
  controlsSearch: { pageSize: 200, spec: 'spec 3 §9: controls page size 200' },
  sampleDataSearch: { pageSize: 200, spec: 'spec 3 §9: sample-data page size 200' },
  duplicateReportSearch: { pageSize: 10, spec: 'spec 3 §9: duplicate report default 10, counts 5, 10, 15, 25' },
  duplicateDogsSearch: { pageSize: 10, spec: 'spec 3 §9: duplicate report default 10 (the /reports view of it too)' },
  processingSearch: {
    pageSize: 100,
    spec: 'decision (docs/decisions/screens.md, page sizes): a 96-well plate on one page',
  },
  productByPlateSearch: { pageSize: 100, spec: 'decision (as DNA processing): a 96-well plate on one page' },
  productsSearch: { pageSize: 10, spec: 'spec 2 §9: the product table uses page 1, count 10' },
  ordersSearch: { pageSize: 100, spec: 'spec 2 §9, spec 3: back-office orders page size 100' },
  myOrdersSearch: { pageSize: 20, spec: 'spec 2 §9: customer orders page size 20' },
  fulfillmentSearch: { pageSize: 100, spec: 'spec 3 §9: fulfilment page sizes 15 to 200, default 100' },
  wasteResultsSearch: { pageSize: 100, spec: 'spec 3 §9: waste resulting page size 100' },
  documentsSearch: { pageSize: 10, spec: 'spec 3 §9: documents table count 10' },
  noMatchClustersSearch: { pageSize: 5, spec: 'spec 3 §9: no-match default 5, counts 5, 10, 15, 25' },
};
/** Files that set their own page sizes, with the spec's words. */
const OWN_SIZES: Record<string, string> = {
  'features/system/EmailLogPage.tsx': 'spec 3 §9: email log 15, 25, 50, 100',
  'features/system/AuditLogPage.tsx': 'spec 3: audit log page size 100',
  'components/SelectOneTable.tsx': 'spec 1 §9: search page 10 (pet owner and group search modals)',
  'features/dna/ControlsPage.tsx': 'spec 3 §9: controls page size 200; after creating a control the count is 999',
  'features/dna/DnaProcessingPage.tsx': 'decision (DNA lab): 25 to 200, 100 first, so a 96-well plate fits one page',
  'features/duplicatedogs/DuplicateDogReportPage.tsx': 'spec 3 §9: duplicate report default 10, counts 5, 10, 15, 25',
  'features/wasteresults/WasteResultsPage.tsx': 'spec 3 §9: result list page-size options 15 to 200 and a maximum',
  'features/wasteresults/GroupResultsPage.tsx': 'spec 3 §9: result list page-size options 15 to 200 and a maximum',
  'features/system/DocumentsPage.tsx': 'spec 3 §9: documents table count 10',
  'features/pets/OwnerPets.tsx': 'spec 3 §2: the pet list of an owner pages by 15, 25, 50, 100, max',
  'features/shop/ProductsPage.tsx': 'spec 2 §9: the product table uses count 10 with no count options',
  'features/shop/OrdersListPage.tsx': 'spec 3 §9: back-office orders page size 100',
  'features/ancestry/AncestryFulfillmentPage.tsx': 'spec 3 §9: fulfilment page sizes 15, 25, 50, 100, 200',
  'features/nomatchclusters/NoMatchClustersPage.tsx': 'spec 3 §9: no-match default 5, counts 5, 10, 15, 25',
  'features/reports/DuplicateDogsReportPage.tsx': 'spec 3 §9: duplicate report default 10, counts 5, 10, 15, 25',
  'features/shop/MyOrdersPage.tsx': 'spec 2 §9: customer orders page size 20',
};

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const searchModules = import.meta.glob<Record<string, unknown>>('../features/**/*.search.ts', { eager: true });

describe('page sizes on every paged list', () => {
  it('every paged URL state starts at 25 unless its screen defines its own', () => {
    const defaults: Record<string, number> = {};
    for (const module of Object.values(searchModules))
      for (const [name, value] of Object.entries(module)) {
        const schema = value as z.ZodType | undefined;
        if (!schema || typeof (schema as { safeParse?: unknown }).safeParse !== 'function') continue;
        const parsed = schema.safeParse({});
        if (parsed.success && typeof parsed.data === 'object' && parsed.data && 'pageSize' in parsed.data)
          defaults[name] = (parsed.data as { pageSize: number }).pageSize;
      }
    expect(Object.keys(defaults).length).toBeGreaterThanOrEqual(4);
    for (const [name, pageSize] of Object.entries(defaults))
      expect([name, pageSize]).toEqual([name, OWN_DEFAULTS[name]?.pageSize ?? PAGE_SIZE_DEFAULT]);
    for (const name of Object.keys(OWN_DEFAULTS)) expect(defaults).toHaveProperty(name);
  });

  it('only screens with their own sizes in the spec set page sizes; the others take the shared ones', () => {
    const setting = sourceFiles(SRC)
      .map((path) => ({ name: relative(SRC, path).split('\\').join('/'), source: readFileSync(path, 'utf8') }))
      .filter((file) => /pageSizeOptions[=:]|defaultPageSize|showSizeChanger: false/.test(file.source))
      .map((file) => file.name)
      // The shared widgets that apply the rule.
      .filter(
        (name) =>
          ![
            'components/UrlTable.tsx',
            'components/DataTable.tsx',
            'components/urlSearch.ts',
            'components/ReportPage.tsx',
          ].includes(name),
      );
    expect(setting.sort()).toEqual(Object.keys(OWN_SIZES).sort());
  });

  it('a paged table offers 25, 50, 100 and 200 and shows 25 rows first', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Row ${i}` }));
    renderWithProviders(
      <DataTable rowKey="id" dataSource={rows} columns={[{ title: 'Name', dataIndex: 'name' }]} pagination={{}} />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(1 + PAGE_SIZE_DEFAULT);
    await userEvent.click(screen.getByRole('combobox'));
    const list = document.querySelector('.ant-select-dropdown') as HTMLElement;
    expect([...list.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent)).toEqual(
      PAGE_SIZE_OPTIONS.map((size) => `${size} / page`),
    );
  });
});
