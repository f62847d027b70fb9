import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { labToday, useLabTimeZone } from './labTime';

const DATE_RANGE_FORMAT = 'M/D/YYYY';
/** Also accepted when typing: M/d/yy and the \ or - separators (spec 1 §5). */
const TYPED_FORMATS = [DATE_RANGE_FORMAT, 'M/D/YY', 'M-D-YYYY', 'M-D-YY', 'M\\D\\YYYY', 'MM/DD/YYYY'];

export type DateRange = [Dayjs | null, Dayjs | null] | null;

export const isFutureDate = (date: Dayjs, now: Dayjs = dayjs()) => date.isAfter(now.endOf('day'));

export interface DateRangePickerProps {
  value?: DateRange;
  onChange?: (value: DateRange) => void;
  allowEmpty?: [boolean, boolean];
  id?: string;
  'aria-label'?: string;
}

/** Start and end dates as M/d/yyyy, lab days; days after the lab's today cannot be picked. */
export function DateRangePicker({ value, onChange, allowEmpty = [true, true], id, ...rest }: DateRangePickerProps) {
  const timeZone = useLabTimeZone();
  return (
    <DatePicker.RangePicker
      id={id}
      value={value ?? null}
      format={TYPED_FORMATS}
      placeholder={['Start date', 'End date']}
      allowEmpty={allowEmpty}
      disabledDate={(d) => isFutureDate(d, labToday(timeZone))}
      onChange={(dates) => onChange?.(dates ? [dates[0] ?? null, dates[1] ?? null] : null)}
      aria-label={rest['aria-label']}
    />
  );
}
