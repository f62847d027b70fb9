// A notice's state as a coloured tag in the product's words.
import { Tag } from 'antd';
import type { ViolationState } from '@registry/contracts';

const COLOR: Record<ViolationState, string> = {
  Issued: 'blue',
  Disputed: 'gold',
  Upheld: 'volcano',
  Reduced: 'orange',
  Waived: 'default',
  Appealed: 'purple',
  Paid: 'green',
  Overdue: 'red',
  Voided: 'default',
};

export function StateTag({ state }: { state: ViolationState }) {
  return <Tag color={COLOR[state]}>{state}</Tag>;
}
