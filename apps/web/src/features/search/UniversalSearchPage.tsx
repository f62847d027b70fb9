// Universal search (/tools/search?query&model, spec 3 §2): a query of at least 3 characters, or the advanced address
// fields and spec 1 §3's other filters ("More filters"); ranked hits of every kind within the caller's groups, each linking to its page.
import { useState } from 'react';
import { Card, Form, List, Select, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { countOf } from '../../components/format';
import { PageTitle } from '../../components/PageTitle';
import { useUrlState } from '../../components/UrlTable';
import { searchKeys, universalSearch, type SearchHit } from './search.api';
import { MoreFiltersPanel } from './MoreFiltersPanel';
import { hasMoreFilters, universalSearchParams } from './search.search';
import { MaxLengthInput } from '../../components/MaxLengthInput';

const MIN = 3;
const TOO_SHORT = 'Please enter at least 3 characters.';
const MODEL_LABELS: Record<SearchHit['model'], string> = {
  Pet: 'Pet',
  PetOwner: 'Pet owner',
  Resident: 'Resident',
  Group: 'Group',
  WasteSample: 'Waste sample',
};

export function UniversalSearchPage() {
  const [params, setParams] = useUrlState(universalSearchParams);
  const [draft, setDraft] = useState(params);
  // A new search from the header's box while this page is open: the form shows it (state adjusted while rendering).
  const paramsKey = JSON.stringify(params);
  const [draftOf, setDraftOf] = useState(paramsKey);
  if (draftOf !== paramsKey) {
    setDraftOf(paramsKey);
    setDraft(params);
  }
  const hasFilter = Boolean(params.streetAddress || params.city || params.postalCode) || hasMoreFilters(params);
  const ready = (params.query?.length ?? 0) >= MIN || (hasFilter && !params.query);
  const results = useQuery({
    queryKey: searchKeys.results(params),
    queryFn: () => universalSearch({ ...params, pageSize: 300 }),
    enabled: ready,
  });
  const submit = () => setParams({ ...draft });
  const tooShort = draft.query !== undefined && draft.query.length > 0 && draft.query.length < MIN;
  return (
    <>
      <PageTitle>Search</PageTitle>
      <Card>
        <Form layout="vertical" onFinish={submit}>
          <Space wrap align="start">
            <Form.Item
              label="Search"
              htmlFor="search-query"
              validateStatus={tooShort ? 'error' : undefined}
              help={tooShort ? TOO_SHORT : undefined}
            >
              <MaxLengthInput
                kind="search"
                id="search-query"
                style={{ width: 320 }}
                maxLength={200}
                value={draft.query ?? ''}
                placeholder="Name, sample number, email, phone…"
                onChange={(v) => setDraft({ ...draft, query: v || undefined })}
                onSearch={submit}
                enterButton="Search"
              />
            </Form.Item>
            <Form.Item label="Kind" htmlFor="search-model">
              <Select
                id="search-model"
                allowClear
                style={{ width: 160 }}
                placeholder="Everything"
                value={params.model}
                options={Object.entries(MODEL_LABELS).map(([value, label]) => ({ value, label }))}
                onChange={(model?: SearchHit['model']) => setParams({ model })}
              />
            </Form.Item>
          </Space>
          <Space wrap>
            {(
              [
                ['streetAddress', 'Street address'],
                ['city', 'City'],
                ['postalCode', 'Postal code'],
              ] as const
            ).map(([key, label]) => (
              <Form.Item key={key} label={label} htmlFor={`search-${key}`}>
                <MaxLengthInput
                  id={`search-${key}`}
                  maxLength={200}
                  value={draft[key] ?? ''}
                  onChange={(v) => setDraft({ ...draft, [key]: v || undefined })}
                  onPressEnter={submit}
                />
              </Form.Item>
            ))}
          </Space>
          <MoreFiltersPanel draft={draft} onChange={setDraft} onSubmit={submit} />
        </Form>
        <ErrorPresenter error={results.error} />
        {ready && (
          <List<SearchHit>
            loading={results.isFetching}
            header={<Typography.Text>{countOf(results.data?.totalRecords ?? 0, 'result')}</Typography.Text>}
            dataSource={results.data?.data ?? []}
            locale={{
              emptyText: 'Nothing found. Try fewer words, a sample number or an email, or open More filters.',
            }}
            renderItem={(hit) => (
              <List.Item key={`${hit.model}-${hit.id}`}>
                <Space direction="vertical" size={0}>
                  <Space>
                    <Tag>{MODEL_LABELS[hit.model]}</Tag>
                    <Link to={hit.link}>{hit.title}</Link>
                  </Space>
                  {hit.subtitle && <Typography.Text type="secondary">{hit.subtitle}</Typography.Text>}
                </Space>
              </List.Item>
            )}
          />
        )}
      </Card>
    </>
  );
}
