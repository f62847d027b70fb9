// /ecommerce/promotion-codes (spec 2 §2): the codes of a product (the first product by default) with the reserved,
// assigned and free-text filters and paging (page, count) mirrored in the URL; add a code; import a file.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShopMessages } from '@registry/contracts';
import { useUrlState } from '../../components/UrlTable';
import { CodesPage } from './CodesPage';
import { activeProductsQuery, fetchCodes, shopKeys, uploadCodes, useAddCode, type CodeRow } from './shop.api';
import { promotionCodesSearch } from './shop.search';
import { showDate } from '../../components/labTime';

export function PromotionCodesPage() {
  const products = useQuery(activeProductsQuery());
  const [params, setParams] = useUrlState(promotionCodesSearch);
  const add = useAddCode();
  const client = useQueryClient();
  const productId = params.productId;

  const firstProduct = products.data?.[0]?.id;
  useEffect(() => {
    if (productId === undefined && firstProduct !== undefined) setParams({ productId: firstProduct });
  }, [productId, firstProduct, setParams]);

  return (
    <CodesPage<CodeRow, typeof promotionCodesSearch>
      title="Promotion codes"
      idPrefix="codes"
      reservedFilter
      invalidFileMessage={ShopMessages.invalidImportFile}
      owner={{
        label: 'Product',
        id: 'codes-product',
        value: productId,
        options: (products.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.sku})` })),
        onChange: (value) => setParams({ productId: value }, { resetPage: true }),
        loadError: products.isError ? ShopMessages.loadProductsFailed : undefined,
      }}
      searchSchema={promotionCodesSearch}
      queryKey={shopKeys.codePage}
      queryFn={fetchCodes}
      columns={[
        { title: 'Code', dataIndex: 'code' },
        { title: 'Reserved', dataIndex: 'isReserved', render: (v: boolean) => (v ? 'Yes' : 'No') },
        { title: 'Order', dataIndex: 'orderId', render: (v: number | null) => v ?? '' },
        { title: 'Assigned', dataIndex: 'orderItemId', render: (v: number | null) => (v ? 'Yes' : 'No') },
        { title: 'Added', dataIndex: 'dateCreated', render: (d: string) => showDate(d) },
      ]}
      empty={<p>Create a product first.</p>}
      addCode={(code) => add.mutateAsync({ productId: productId!, code })}
      adding={add.isPending}
      upload={async (file) => {
        const answer = await uploadCodes({ productId: productId! }, file);
        void client.invalidateQueries({ queryKey: shopKeys.codes() });
        return answer;
      }}
    />
  );
}
