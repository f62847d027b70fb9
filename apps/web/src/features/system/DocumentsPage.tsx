import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { showDateTime } from '../../components/labTime';
import { PageTitle } from '../../components/PageTitle';
import { useUrlState } from '../../components/UrlTable';
import { documentsQuery, type DocumentSummary } from './system.api';
import { DOCUMENTS_PAGE_SIZE, documentsSearch } from './system.search';
import { DocumentEditorModal } from './components/DocumentEditorModal';
import { DocumentVersionsDrawer } from './components/DocumentVersionsDrawer';
import { DataTable } from '../../components/DataTable';

/** Legal and policy documents; every save keeps the previous version. */
export function DocumentsPage() {
  const query = useQuery(documentsQuery());
  const [search, setSearch] = useUrlState(documentsSearch);
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [versionsOf, setVersionsOf] = useState<number | null>(null);

  return (
    <>
      <PageTitle
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            New document
          </Button>
        }
      >
        Documents
      </PageTitle>
      <ErrorPresenter error={query.error} />
      <Card>
        <DataTable<DocumentSummary>
          rowKey="documentId"
          loading={query.isLoading}
          dataSource={query.data ?? []}
          pagination={{
            pageSize: search.pageSize,
            current: search.page,
            onChange: (page, pageSize) => setSearch({ page: pageSize === search.pageSize ? page : 1, pageSize }),
            pageSizeOptions: [String(DOCUMENTS_PAGE_SIZE)],
            showSizeChanger: false,
          }}
          columns={[
            { title: 'Name', dataIndex: 'name' },
            { title: 'Versions', dataIndex: 'versionCount', width: 110 },
            {
              title: 'Last updated',
              dataIndex: 'dateUpdated',
              width: 200,
              render: (d: string) => showDateTime(d),
            },
            {
              title: '',
              key: 'actions',
              align: 'right',
              // As wide as its buttons, which stack on a phone (row-actions): a fixed 220 px covered the name there.
              render: (_, doc) => (
                <Space wrap className="row-actions">
                  <Button
                    size="small"
                    onClick={() => setVersionsOf(doc.documentId)}
                    aria-label={`Versions of ${doc.name}`}
                  >
                    Versions
                  </Button>
                  <Button
                    size="small"
                    type="primary"
                    ghost
                    onClick={() => setEditing({ id: doc.documentId })}
                    aria-label={`Edit ${doc.name}`}
                  >
                    Edit
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <DocumentEditorModal open={editing != null} documentId={editing?.id} onClose={() => setEditing(null)} />
      <DocumentVersionsDrawer key={versionsOf ?? 'none'} documentId={versionsOf} onClose={() => setVersionsOf(null)} />
    </>
  );
}
