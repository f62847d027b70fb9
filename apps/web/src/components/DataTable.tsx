// Every table of the app: it scrolls sideways inside itself instead of widening the page, and its row actions column
// stays pinned to the right edge, so the actions are visible at every width (phone and laptop alike). A paged table
// offers the shared page sizes (spec 1 §9: 25, 50, 100, 200, default 25) unless its screen defines its own.
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Empty, Table, type TableProps } from 'antd';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '@registry/contracts';

/** Column keys of row actions; such a column is pinned to the right. */
const ROW_ACTION_KEYS: readonly string[] = ['actions', 'remove'];

/**
 * What an empty table says when its screen gives nothing better: a next step instead of antd's "No data". Screens with
 * their own words (the spec's empty texts, an action the user may take) pass `locale.emptyText`.
 */
export const EMPTY_TABLE_TEXT = 'Nothing to show. Clear or change the filters, or come back once records are added.';

/**
 * An empty list's next step: what to do (a line in the product's words) and, when the user may take it, the screen's
 * action as a button. The spec's own empty texts go here word for word.
 */
export interface EmptyState {
  text: string;
  action?: ReactNode;
}

function EmptyTable({ text, action }: EmptyState) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text}>
      {action}
    </Empty>
  );
}

export type DataTableProps<Row> = TableProps<Row> & { empty?: EmptyState };

export function DataTable<Row extends object>({
  columns,
  scroll,
  pagination,
  locale,
  empty,
  ...props
}: DataTableProps<Row>) {
  const busy = typeof props.loading === 'object' ? props.loading.spinning !== false : props.loading === true;
  const pinned = useMemo(
    () =>
      columns?.map((col) =>
        col.key !== undefined && ROW_ACTION_KEYS.includes(String(col.key)) && col.fixed === undefined
          ? { ...col, fixed: 'right' as const }
          : col,
      ),
    [columns],
  );
  const paged =
    pagination === false
      ? false
      : { defaultPageSize: PAGE_SIZE_DEFAULT, pageSizeOptions: PAGE_SIZE_OPTIONS.map(String), ...pagination };
  // A table wider than its screen scrolls inside itself: that region takes the keyboard focus, so it can be scrolled
  // without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable).
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const region of frame.current?.querySelectorAll<HTMLElement>('.ant-table-content') ?? []) {
      if (region.scrollWidth > region.clientWidth) region.tabIndex = 0;
      else region.removeAttribute('tabindex');
    }
  });
  return (
    <div ref={frame}>
      <Table<Row>
        {...props}
        locale={{
          emptyText: empty ? <EmptyTable {...empty} /> : EMPTY_TABLE_TEXT,
          ...locale,
          // While the first page loads, the list is not known to be empty: no "nothing here" under the spinner.
          ...(busy && !props.dataSource?.length ? { emptyText: <span /> } : {}),
        }}
        pagination={paged}
        columns={pinned}
        scroll={{ x: 'max-content', ...scroll }}
      />
    </div>
  );
}
