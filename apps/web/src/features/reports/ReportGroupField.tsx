// The report's group: the picked group's name and a button opening the hierarchy picker restricted to the report's
// allowed types (spec 3 §5; another type gives 'No valid groups selected.'). UrlReportGroup keeps the pick in the URL.
import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { useSearch } from '@tanstack/react-router';
import { useSearchUpdate } from '../../components/UrlTable';
import { GroupHierarchyPicker } from '../groups/components/GroupHierarchyPicker';

export type PickedGroup = { id: number; name: string; groupType: number };

export function ReportGroupField(props: {
  allowedTypes: readonly number[];
  groupName?: string;
  onPick: (group: PickedGroup) => void;
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

/** The picker bound to the URL's groupId and groupName (and, when asked, groupType); a pick goes to the first page. */
export function UrlReportGroup({ allowedTypes, withType }: { allowedTypes: readonly number[]; withType?: boolean }) {
  const picked = (useSearch({ strict: false }) as Record<string, unknown>).groupName;
  const groupName = typeof picked === 'string' ? picked : undefined;
  const setSearch = useSearchUpdate();
  return (
    <ReportGroupField
      allowedTypes={allowedTypes}
      groupName={groupName}
      onPick={(g) =>
        setSearch(
          { groupId: g.id, groupName: g.name, ...(withType ? { groupType: g.groupType } : {}) },
          { resetPage: true },
        )
      }
    />
  );
}
