// The "More filters" panel of /tools/search: spec 1 §3's filters on properties, dog owners and dogs. Open from the
// start when the URL already sets one, so a shared link shows what narrowed its results.
import { Button, Collapse, Form, Select, Space } from 'antd';
import { MORE_FILTERS, MORE_FLAGS, hasMoreFilters, type UniversalSearchParams } from './search.search';
import { MaxLengthInput } from '../../components/MaxLengthInput';

const FLAG_OPTIONS = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

export function MoreFiltersPanel({
  draft,
  onChange,
  onSubmit,
}: {
  draft: UniversalSearchParams;
  onChange: (draft: UniversalSearchParams) => void;
  onSubmit: () => void;
}) {
  return (
    <Collapse
      size="small"
      defaultActiveKey={hasMoreFilters(draft) ? ['more'] : []}
      items={[
        {
          key: 'more',
          label: 'More filters',
          forceRender: true,
          children: (
            <>
              <Space wrap>
                {MORE_FILTERS.map(([key, label, max]) => (
                  <Form.Item key={key} label={label} htmlFor={`search-${key}`}>
                    <MaxLengthInput
                      id={`search-${key}`}
                      maxLength={max}
                      value={draft[key] ?? ''}
                      onChange={(v) => onChange({ ...draft, [key]: v || undefined })}
                      onPressEnter={onSubmit}
                    />
                  </Form.Item>
                ))}
                {MORE_FLAGS.map(([key, label]) => (
                  <Form.Item key={key} label={label} htmlFor={`search-${key}`}>
                    <Select
                      id={`search-${key}`}
                      allowClear
                      style={{ width: 120 }}
                      placeholder="Any"
                      options={FLAG_OPTIONS}
                      value={draft[key] === undefined ? undefined : String(draft[key])}
                      onChange={(value?: string) =>
                        onChange({ ...draft, [key]: value === undefined ? undefined : value === 'true' })
                      }
                    />
                  </Form.Item>
                ))}
              </Space>
              <Button type="primary" htmlType="submit">
                Apply filters
              </Button>
            </>
          ),
        },
      ]}
    />
  );
}
