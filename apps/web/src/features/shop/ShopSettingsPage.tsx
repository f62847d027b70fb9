// /ecommerce/settings (spec 2 §2): the countries whose buyers may purchase, chosen from the countries lookup.
import { useState } from 'react';
import { App, Button, Card, Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ShopMessages } from '@registry/contracts';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { useCountries } from '../lookups/lookups.api';
import { countriesQuery, useSaveCountries } from './shop.api';

export function ShopSettingsPage() {
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const available = useCountries();
  const enabled = useQuery(countriesQuery());
  const save = useSaveCountries();
  const [edited, setChosen] = useState<string[] | null>(null);
  const chosen = edited ?? enabled.data ?? [];

  return (
    <>
      <PageTitle>Shop settings</PageTitle>
      <Card>
        <Form layout="vertical" name="shopSettings">
          <Form.Item label="Enabled countries" htmlFor="enabled-countries">
            <Select
              id="enabled-countries"
              mode="multiple"
              showSearch
              optionFilterProp="label"
              loading={available.isLoading || enabled.isLoading}
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
