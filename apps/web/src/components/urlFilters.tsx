// The list-and-report kit's filter fields bound to the URL: each reads its key from the route's (already validated)
// search and writes it back, going to the first page, so a report page names its filters instead of wiring them.
import { Checkbox, Form } from 'antd';
import { useSearch } from '@tanstack/react-router';
import { dayjs } from '../lib/dayjs';
import { DateRangePicker } from './DateRangePicker';
import { MaxLengthInput } from './MaxLengthInput';
import { useSearchUpdate } from './UrlTable';

/** How a picked day is written in the URL and sent to the reports (their contracts read MM/dd/yyyy). */
export const URL_DATE = 'MM/DD/YYYY';

const useSearchValue = (key: string): unknown => (useSearch({ strict: false }) as Record<string, unknown>)[key];

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A date range under two URL keys; an emptied start falls back to `defaultFrom` when the report has one. */
export function UrlDateRangeFilter({
  label,
  id,
  from,
  to,
  defaultFrom,
}: {
  label: string;
  id: string;
  from: string;
  to: string;
  /** The start the report runs from when the URL names none (MM/DD/YYYY). */
  defaultFrom?: string;
}) {
  const start = textOf(useSearchValue(from)) ?? defaultFrom;
  const end = textOf(useSearchValue(to));
  const setSearch = useSearchUpdate();
  return (
    <Form.Item label={label} htmlFor={id}>
      <DateRangePicker
        id={id}
        value={[start ? dayjs(start, URL_DATE) : null, end ? dayjs(end, URL_DATE) : null]}
        onChange={(range) =>
          setSearch(
            { [from]: range?.[0]?.format(URL_DATE) ?? defaultFrom, [to]: range?.[1]?.format(URL_DATE) },
            { resetPage: true },
          )
        }
      />
    </Form.Item>
  );
}

/** A text filter (a sample number, a plate name) applied on Enter or the search button; cleared, it leaves the URL. */
export function UrlSearchFilter({
  label,
  id,
  name,
  maxLength,
  placeholder,
  enterButton,
}: {
  label: string;
  id: string;
  name: string;
  maxLength: number;
  placeholder?: string;
  enterButton?: string;
}) {
  const value = textOf(useSearchValue(name));
  const setSearch = useSearchUpdate();
  return (
    <Form.Item label={label} htmlFor={id}>
      <MaxLengthInput
        kind="search"
        id={id}
        allowClear={enterButton === undefined}
        maxLength={maxLength}
        defaultValue={value}
        placeholder={placeholder}
        enterButton={enterButton}
        onSearch={(text) => setSearch({ [name]: text.trim() || undefined }, { resetPage: true })}
      />
    </Form.Item>
  );
}

/** A yes-only flag: ticked puts `name=true` in the URL, unticked removes it. */
export function UrlCheckFilter({ name, label }: { name: string; label: string }) {
  const value = useSearchValue(name);
  const setSearch = useSearchUpdate();
  return (
    <Form.Item>
      <Checkbox
        checked={value === true || value === 'true'}
        onChange={(e) => setSearch({ [name]: e.target.checked || undefined }, { resetPage: true })}
      >
        {label}
      </Checkbox>
    </Form.Item>
  );
}
