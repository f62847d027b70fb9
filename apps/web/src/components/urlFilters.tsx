// The list-and-report kit's filter fields bound to the URL: each reads its key from the route's (already validated)
// search and writes it back, going to the first page, so a report page names its filters instead of wiring them.
import { Checkbox, DatePicker, Form, Select } from 'antd';
import { useSearch } from '@tanstack/react-router';
import type { z } from 'zod';
import { dayjs } from '../lib/dayjs';
import { DateRangePicker } from './DateRangePicker';
import { MaxLengthInput } from './MaxLengthInput';
import { UpdateOnEnterInput, type TextFieldOf } from './UpdateOnEnterInput';
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

type SetParams<P> = (patch: Partial<P>, options?: { resetPage?: boolean }) => void;
type TextKey<P> = { [K in keyof P]-?: P[K] extends string | undefined ? K : never }[keyof P] & string;

/**
 * The list screens' filter fields over their parsed URL state (`useUrlState`): a text applied on Enter, a day, a choice,
 * each writing its key back and going to the first page. They take the parsed state rather than reading the URL as the
 * fields above do, because a list's schema gives its values their types (a status is a number, a sample number stays
 * text). Each text also names the field it fills in `query`, the contract's query schema of the list's call (the URL's
 * key and the request's field often differ), so its box takes the limit the server holds that field to. Ids are
 * `idPrefix-key` unless one is given, so each label names its field.
 */
export function listFilterFields<P extends object, Q extends z.ZodType>(
  idPrefix: string,
  params: P,
  setParams: SetParams<P>,
  query: Q,
) {
  const set = (key: keyof P & string, value: unknown) => setParams({ [key]: value } as Partial<P>, { resetPage: true });
  const value = (key: keyof P & string) => params[key] as unknown;
  return {
    text: (key: TextKey<P>, label: string, field: TextFieldOf<Q>, id = `${idPrefix}-${key}`) => (
      <Form.Item label={label} htmlFor={id}>
        <UpdateOnEnterInput
          id={id}
          allowClear
          schema={query}
          field={field}
          value={(value(key) as string | undefined) ?? ''}
          onCommit={(v) => set(key, v)}
          style={{ width: 150 }}
        />
      </Form.Item>
    ),
    day: (key: TextKey<P>, label: string, id = `${idPrefix}-${key}`) => (
      <Form.Item label={label} htmlFor={id}>
        <DatePicker
          id={id}
          format="M/D/YYYY"
          value={value(key) ? dayjs(value(key) as string, URL_DATE) : null}
          onChange={(d) => set(key, d ? d.format(URL_DATE) : undefined)}
        />
      </Form.Item>
    ),
    choice: (
      key: keyof P & string,
      label: string,
      { id, width, options }: { id: string; width: number; options: { value: string | number; label: string }[] },
    ) => (
      <Form.Item label={label} htmlFor={id}>
        <Select
          id={id}
          allowClear
          style={{ width }}
          value={value(key) as string | number | undefined}
          options={options}
          onChange={(v?: string | number) => set(key, v)}
        />
      </Form.Item>
    ),
  };
}
