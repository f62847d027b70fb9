// Product by plate (/reports/productbyplate): each sample on a plate with what it was for (PooPrints, Parentage, PetId),
// a count per product, paging, sorting and the CSV / XLSX export. A missing plate is 'Plate Not Found'.
import { Card, Form, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { ExportButton } from '../../components/ExportButton';
import { MaxLengthInput } from '../../components/MaxLengthInput';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { fetchProductByPlate, reportKeys } from './reports.api';
import { productByPlateSearch } from './reports.search';

type Row = Awaited<ReturnType<typeof fetchProductByPlate>>['data'][number];

export function ProductByPlatePage() {
  const [params, setParams] = useUrlState(productByPlateSearch);
  const plateName = params.plateName;
  const summary = useQuery({
    queryKey: reportKeys.productByPlate({ plateName, summary: true }),
    queryFn: () => fetchProductByPlate({ plateName: plateName!, page: 1, pageSize: 1 }),
    enabled: plateName !== undefined,
    retry: false,
  });
  return (
    <>
      <PageTitle>Product by plate</PageTitle>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Form layout="inline" style={{ rowGap: 8 }}>
            <Form.Item label="Plate name" htmlFor="product-plate-name">
              <MaxLengthInput
                kind="search"
                id="product-plate-name"
                maxLength={100}
                defaultValue={plateName}
                enterButton="Run"
                onSearch={(v) => setParams({ plateName: v.trim() || undefined }, { resetPage: true })}
              />
            </Form.Item>
            <Form.Item>
              <ExportButton
                endpoint={reportEndpoints.productByPlateExport}
                input={{ query: { plateName: plateName ?? '' } }}
                totalRows={summary.data?.totalRecords}
                fallbackName="Product_By_Plate"
                disabled={!summary.data}
              />
            </Form.Item>
          </Form>
          {summary.data && (
            <Space wrap data-testid="product-counts">
              {summary.data.productCounts.map((c) => (
                <Tag key={c.product}>
                  {c.product}: {c.count}
                </Tag>
              ))}
            </Space>
          )}
          <UrlTable<Row, typeof productByPlateSearch>
            rowKey="id"
            searchSchema={productByPlateSearch}
            queryKey={(p) =>
              reportKeys.productByPlate({ plateName, page: p.page, pageSize: p.pageSize, o: p.orderBy, a: p.ascending })
            }
            queryFn={(p) =>
              plateName
                ? fetchProductByPlate({
                    plateName,
                    page: p.page,
                    pageSize: p.pageSize,
                    orderBy: p.orderBy,
                    ascending: p.ascending,
                  })
                : Promise.resolve({ data: [], totalRecords: 0 })
            }
            locale={{ emptyText: plateName ? 'No samples on this plate.' : 'Enter a plate name to run the report.' }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'Well', dataIndex: 'well', sorter: true },
              { title: 'Sample number', dataIndex: 'sampleNumber', sorter: true },
              { title: 'Sample type', dataIndex: 'sampleType', sorter: true },
              { title: 'Products', dataIndex: 'products', sorter: true },
              { title: 'Pet name', dataIndex: 'petName', sorter: true },
              { title: 'Pet owner', dataIndex: 'petOwnerName' },
              { title: 'Group', dataIndex: 'groupName', sorter: true },
              { title: 'Result', dataIndex: 'result', sorter: true },
              { title: 'Lab status', dataIndex: 'labStatus', sorter: true },
            ]}
          />
        </Space>
      </Card>
    </>
  );
}
