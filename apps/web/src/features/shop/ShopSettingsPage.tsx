// /ecommerce/settings (spec 2 §2, §7 getsettings): the countries whose buyers may purchase, chosen from the countries
// lookup, above the shop's tax, shipping, currency and country, which the server's configuration sets.
import { useState } from 'react';
import { App, Button, Card, Descriptions, Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ShopMessages } from '@registry/contracts';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { useCountries } from '../lookups/lookups.api';
import { money, shopSettingsQuery, useSaveCountries } from './shop.api';

export function ShopSettingsPage() {
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const available = useCountries();
  const settings = useQuery(shopSettingsQuery());
  const save = useSaveCountries();
  const [edited, setChosen] = useState<string[] | null>(null);
  const chosen = edited ?? settings.data?.enabledCountries ?? [];

  return (
    <>
      <PageTitle>Shop settings</PageTitle>
      {settings.data && (
        <Card style={{ marginBottom: 16 }}>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
            <Descriptions.Item label="Tax rate">{`${settings.data.taxRateBasisPoints / 100}%`}</Descriptions.Item>
            <Descriptions.Item label="Shipping fee">{money(settings.data.shippingFee)}</Descriptions.Item>
            <Descriptions.Item label="Currency">{settings.data.currency}</Descriptions.Item>
            <Descriptions.Item label="Country">{settings.data.country}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      <Card>
        <Form layout="vertical" name="shopSettings">
          <Form.Item label="Enabled countries" htmlFor="enabled-countries">
            <Select
              id="enabled-countries"
              mode="multiple"
              showSearch
              optionFilterProp="label"
              loading={available.isLoading || settings.isLoading}
              value={chosen}
              onChange={setChosen}
              options={(available.data ?? []).map((c) => ({ value: c.twoLetterCode ?? c.id, label: c.name }))}
            />
          </Form.Item>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() =>
              save.mutate(chosen, {
                onSuccess: () => void message.success(ShopMessages.saved),
                onError: (e) => showError(e, ShopMessages.countrySaveFailed),
              })
            }
          >
            Save
          </Button>
        </Form>
      </Card>
    </>
  );
}
