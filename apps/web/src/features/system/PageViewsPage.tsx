// /system/page-views (spec 1 §1 "on every route change the product tracks a page view"): the views the web app sent,
// per route and day (the lab's day), newest day first, with the roles that made them. Provider staff only.
import { Card, Form, Space, Tag } from 'antd';
import { pageViewsQuery, roleLabel } from '@registry/contracts';
import { dayjs } from '../../lib/dayjs';
import { DateRangePicker } from '../../components/DateRangePicker';
import { PageTitle } from '../../components/PageTitle';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { fetchPageViews, systemKeys, type PageViewsRow } from './system.api';
import { pageViewsSearch } from './system.search';

const URL_DATE = 'MM/DD/YYYY';

export function PageViewsPage() {
  const [params, setParams] = useUrlState(pageViewsSearch);
  return (
    <>
      <PageTitle>Page views</PageTitle>
      <Card>
        <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item label="Dates" htmlFor="page-view-dates">
            <DateRangePicker
              id="page-view-dates"
              value={[
                params.startDate ? dayjs(params.startDate, URL_DATE) : null,
                params.endDate ? dayjs(params.endDate, URL_DATE) : null,
              ]}
              onChange={(range) =>
                setParams(
                  { startDate: range?.[0]?.format(URL_DATE), endDate: range?.[1]?.format(URL_DATE) },
                  { resetPage: true },
                )
              }
            />
          </Form.Item>
          <Form.Item label="Route" htmlFor="page-view-route">
            <UpdateOnEnterInput
              id="page-view-route"
              allowClear
              schema={pageViewsQuery}
              field="routeName"
              placeholder="/group/$id/dashboard"
              value={params.routeName ?? ''}
              onCommit={(v) => setParams({ routeName: v || undefined }, { resetPage: true })}
            />
          </Form.Item>
        </Form>
        <UrlTable<PageViewsRow, typeof pageViewsSearch>
          rowKey={(row) => `${row.day} ${row.routeName}`}
          size="small"
          searchSchema={pageViewsSearch}
          queryKey={systemKeys.pageViews}
          queryFn={fetchPageViews}
          errorDisplay="dialog"
          locale={{ emptyText: 'No page views in this period.' }}
          columns={[
            { title: 'Day', dataIndex: 'day', width: 130, render: (d: string) => dayjs(d).format('M/D/YYYY') },
            { title: 'Route', dataIndex: 'routeName' },
            { title: 'Views', dataIndex: 'views', width: 100, align: 'right' },
            {
              title: 'By role',
              dataIndex: 'byRole',
              render: (byRole: Record<string, number>) => (
                <Space size={4} wrap>
                  {Object.entries(byRole)
                    .sort((a, b) => b[1] - a[1])
                    .map(([role, count]) => (
                      <Tag key={role}>{`${roleLabel(Number(role))}: ${count}`}</Tag>
                    ))}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
