// /notices (issue 41): the signed-in pet owner's violation notices, newest first; each opens its page.
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { showDate } from '../../components/labTime';
import { StateTag } from './components/StateTag';
import { money, myNoticesQuery, type NoticeRow } from './violations.api';

export function MyNoticesPage() {
  const notices = useQuery(myNoticesQuery());
  return (
    <>
      <PageTitle>My notices</PageTitle>
      <ErrorPresenter error={notices.error} />
      <Card>
        <Table<NoticeRow>
          rowKey="id"
          loading={notices.isLoading}
          dataSource={notices.data ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: 'You have no violation notices. Nothing to do here.' }}
          columns={[
            {
              title: 'Notice',
              dataIndex: 'reference',
              render: (ref: string, r) => (
                <Link to="/notices/$id" params={{ id: String(r.id) }}>
                  {ref}
                </Link>
              ),
            },
            { title: 'Issued', dataIndex: 'dateIssued', render: showDate },
            { title: 'Property', dataIndex: 'propertyName' },
            { title: 'Dog', dataIndex: 'petName' },
            { title: 'Amount', dataIndex: 'amountDue', render: money },
            { title: 'State', dataIndex: 'state', render: (s: NoticeRow['state']) => <StateTag state={s} /> },
          ]}
        />
      </Card>
    </>
  );
}
