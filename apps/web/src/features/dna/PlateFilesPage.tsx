// Uploaded plate files (/tools/platefiles, spec 3 §7): the list with its filters and sorts, rename, the GeneMapper file
// downloaded again, and the product-by-plate report shown and exported as CSV.
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { App, Button, Card, Form, Modal, Table } from 'antd';
import { DNA_MESSAGES, can, dnaEndpoints, platesQuery, reportEndpoints } from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { ActionsDropdown } from '../../components/ActionsDropdown';
import { PageTitle } from '../../components/PageTitle';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import {
  dnaKeys,
  downloadFile,
  fetchPlates,
  fetchProductByPlate,
  useRenamePlate,
  type PlateRow,
  type ProductByPlate,
} from './dna.api';
import { platesSearch } from './dna.search';
import { showDateTime } from '../../components/labTime';
import { FilterBar } from '../../components/FilterBar';
import { MaxLengthInput } from '../../components/MaxLengthInput';

const FILTERS = [
  ['plateNameFilter', 'Plate name'],
  ['fileNameFilter', 'File name'],
  ['panelNameFilter', 'Panel'],
  ['createdByFilter', 'Created by'],
  ['dateCreatedFilter', 'Date (MM/DD/YYYY)'],
] as const;

export function PlateFilesPage() {
  const { modal } = App.useApp();
  const showError = useErrorDialog();
  const me = useCurrentUser();
  const mayManage = me !== undefined && can(me.roleId, 'dna.manage');
  const navigate = useNavigate();
  const [params, setParams] = useUrlState(platesSearch);
  const rename = useRenamePlate();
  const [renaming, setRenaming] = useState<PlateRow | null>(null);
  const [newName, setNewName] = useState('');
  const [report, setReport] = useState<ProductByPlate | null>(null);

  const onRename = () =>
    renaming &&
    rename.mutate(
      { id: renaming.id, plateName: newName },
      {
        onSuccess: () => setRenaming(null),
        onError: () => modal.error({ title: 'Error', content: DNA_MESSAGES.plateRenameFailed }),
      },
    );

  const openReport = (plate: PlateRow) =>
    fetchProductByPlate(plate.plateName).then(setReport, (e) => showError(e, DNA_MESSAGES.plateNotFound));

  return (
    <>
      <PageTitle>Plate files</PageTitle>
      <Card>
        <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
          {FILTERS.map(([key, label]) => (
            <Form.Item key={key} label={label} htmlFor={`plates-${key}`}>
              <UpdateOnEnterInput
                id={`plates-${key}`}
                allowClear
                schema={platesQuery}
                field={key}
                style={{ width: 150 }}
                value={params[key] ?? ''}
                onCommit={(v) => setParams({ [key]: v }, { resetPage: true })}
              />
            </Form.Item>
          ))}
        </FilterBar>
        <UrlTable<PlateRow, typeof platesSearch>
          empty={{
            text: 'No plate files match. Clear the filters, or import a GeneMapper file on DNA processing.',
            action: mayManage && (
              <Button type="primary" onClick={() => void navigate({ to: '/dna/processing' })}>
                Open DNA processing
              </Button>
            ),
          }}
          rowKey="id"
          searchSchema={platesSearch}
          queryKey={dnaKeys.plateList}
          queryFn={fetchPlates}
          columns={[
            { title: 'Plate name', dataIndex: 'plateName', sorter: true },
            { title: 'File name', dataIndex: 'fileName', sorter: true },
            { title: 'Panel', dataIndex: 'panelName', key: 'panelName', sorter: true },
            { title: 'Profiles', dataIndex: 'profileCount' },
            { title: 'Created by', dataIndex: 'createdBy', sorter: true },
            {
              title: 'Date created',
              dataIndex: 'dateCreated',
              sorter: true,
              render: (d: string) => showDateTime(d),
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_: unknown, r: PlateRow) => (
                <ActionsDropdown
                  size="small"
                  moreLabel={`More actions for ${r.plateName}`}
                  actions={[
                    {
                      key: 'download',
                      label: 'Download',
                      onClick: () =>
                        void downloadFile(dnaEndpoints.downloadPlateFile, { params: { id: r.id } }, r.fileName).catch(
                          (e) => showError(e),
                        ),
                    },
                    { key: 'report', label: 'Product by plate', onClick: () => void openReport(r) },
                    {
                      key: 'rename',
                      label: 'Rename',
                      eligible: mayManage,
                      onClick: () => {
                        setNewName(r.plateName);
                        setRenaming(r);
                      },
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
      <Modal
        title={`Rename ${renaming?.plateName ?? ''}`}
        open={renaming !== null}
        onCancel={() => setRenaming(null)}
        onOk={onRename}
        okText="Save"
        okButtonProps={{ disabled: newName.trim() === '' }}
        confirmLoading={rename.isPending}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="Plate name" htmlFor="plate-new-name">
            <MaxLengthInput id="plate-new-name" value={newName} maxLength={100} onChange={(v) => setNewName(v)} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={`Product by plate: ${report?.plateName ?? ''}`}
        open={report !== null}
        onCancel={() => setReport(null)}
        width={760}
        footer={
          report && (
            <Button
              onClick={() =>
                void downloadFile(
                  reportEndpoints.productByPlateExport,
                  { query: { plateName: report.plateName, format: 'csv' } },
                  `Product_By_Plate_${report.plateName}.csv`,
                ).catch((e) => showError(e, DNA_MESSAGES.plateNotFound))
              }
            >
              Export CSV
            </Button>
          )
        }
      >
        <Table
          size="small"
          rowKey={(r) => `${r.sampleNumber}-${r.well}`}
          dataSource={report?.rows ?? []}
          pagination={{ pageSize: 24 }}
          scroll={{ x: true }}
          columns={[
            { title: 'Well', dataIndex: 'well' },
            { title: 'Sample number', dataIndex: 'sampleNumber' },
            { title: 'Sample type', dataIndex: 'sampleType' },
            { title: 'Product', dataIndex: 'product' },
            { title: 'Result', dataIndex: 'result' },
            { title: 'Lab status', dataIndex: 'labStatus' },
          ]}
        />
      </Modal>
    </>
  );
}
