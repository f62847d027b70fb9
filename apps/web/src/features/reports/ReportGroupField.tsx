// The report's group: the picked group's name and a button opening the hierarchy picker restricted to the report's
// allowed types (spec 3 §5; another type gives 'No valid groups selected.').
import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { GroupHierarchyPicker } from '../groups/components/GroupHierarchyPicker';

export function ReportGroupField(props: {
  allowedTypes: readonly number[];
  groupName?: string;
  onPick: (group: { id: number; name: string; groupType: number }) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Space wrap>
      <Typography.Text strong>Group:</Typography.Text>
      <Typography.Text data-testid="report-group">{props.groupName ?? 'None selected'}</Typography.Text>
      <Button onClick={() => setOpen(true)}>Select group</Button>
      <GroupHierarchyPicker
        open={open}
        allowedTypes={props.allowedTypes}
        onPick={(group) => {
          props.onPick({ id: group.id, name: group.name, groupType: group.groupType });
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </Space>
  );
}
