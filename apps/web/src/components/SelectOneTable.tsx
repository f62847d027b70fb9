// A server-paged table where the user picks exactly one row (radio or row click): the body of the search-and-select modals.
import { type TableColumnsType } from 'antd';
import { DataTable } from './DataTable';

export interface SelectOneTableProps<T extends { id: number }> {
  rows: T[];
  totalRecords: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  loading?: boolean;
  selected: T | null;
  onSelect: (row: T | null) => void;
  columns: TableColumnsType<T>;
  /** Accessible name of a row's radio button. */
  rowLabel: (row: T) => string;
}

export function SelectOneTable<T extends { id: number }>(props: SelectOneTableProps<T>) {
  return (
    <DataTable<T>
      size="small"
      rowKey="id"
      loading={props.loading}
      dataSource={props.rows}
      rowSelection={{
        type: 'radio',
        selectedRowKeys: props.selected ? [props.selected.id] : [],
        onChange: (_keys, rows) => props.onSelect(rows[0] ?? null),
        getCheckboxProps: (row) => ({ 'aria-label': `Select ${props.rowLabel(row)}` }),
      }}
      onRow={(row) => ({ onClick: () => props.onSelect(row) })}
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.totalRecords,
        showSizeChanger: false,
        onChange: props.onPageChange,
      }}
      columns={props.columns}
    />
  );
}
