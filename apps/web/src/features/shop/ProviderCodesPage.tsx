// /tools/pet-owner-assigned-promotion-codes (spec 3): the retail and collar providers' codes with the assigned and text
// filters and paging (page, count) written back to the URL; add a code; import a file.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShopMessages } from '@registry/contracts';
import { useUrlState } from '../../components/UrlTable';
import { CodesPage } from './CodesPage';
import {
  fetchProviderCodes,
  providersQuery,
  shopKeys,
  uploadCodes,
  useAddProviderCode,
  type ProviderCodeRow,
} from './shop.api';
import { providerCodesSearch } from './shop.search';
import { showDate } from '../../components/labTime';

export function ProviderCodesPage() {
  const client = useQueryClient();
  const providers = useQuery(providersQuery());
  const [params, setParams] = useUrlState(providerCodesSearch);
  const provider = params.provider ?? 0;
  const add = useAddProviderCode();

  return (
    <CodesPage<ProviderCodeRow, typeof providerCodesSearch>
      title="Pet owner promotion codes"
      idPrefix="provider"
      reservedFilter={false}
      invalidFileMessage={ShopMessages.invalidProviderImportFile}
      owner={{
        label: 'Provider',
        id: 'provider-select',
        value: provider,
        options: (providers.data ?? []).map((p) => ({ value: p.value, label: p.name })),
        onChange: (value) => setParams({ provider: value }, { resetPage: true }),
        loadError: providers.isError ? ShopMessages.loadProvidersFailed : undefined,
      }}
      searchSchema={providerCodesSearch}
      queryKey={shopKeys.providerCodePage}
      queryFn={fetchProviderCodes}
      columns={[
        { title: 'Code', dataIndex: 'code' },
        { title: 'Assigned', dataIndex: 'hasBeenAssigned', render: (v: boolean) => (v ? 'Yes' : 'No') },
        { title: 'Pet owner', dataIndex: 'petOwnerName' },
        {
          title: 'Date assigned',
          dataIndex: 'dateAssigned',
          render: (d: string | null) => (d ? showDate(d) : ''),
        },
      ]}
      addCode={(code) => add.mutateAsync({ provider, code })}
      adding={add.isPending}
      upload={async (file) => {
        const answer = await uploadCodes({ provider }, file);
        void client.invalidateQueries({ queryKey: shopKeys.providerCodes() });
        return answer;
      }}
    />
  );
}
