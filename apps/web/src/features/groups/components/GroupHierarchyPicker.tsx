import { useState } from 'react';
import { App, Modal, Typography } from 'antd';
import { Messages, groupTypeLabel } from '@registry/contracts';
import { GroupTree } from './GroupTree';
import type { GroupTreeNode } from '../groups.api';
import { isAllowedPick, pickerDropsChildren, pickerShowsType } from '../groupRules';

export interface GroupHierarchyPickerProps {
  open: boolean;
  title?: string;
  /** Group types that may be chosen; Parentage Groups and Properties are listed only when allowed here. */
  allowedTypes: readonly number[];
  okText?: string;
  onPick: (group: GroupTreeNode) => void | Promise<void>;
  onCancel: () => void;
}

/** The group hierarchy picker (spec 2 §2 Modals, §5): a tree; select one group and confirm. */
export function GroupHierarchyPicker({
  open,
  title = 'Select a group',
  allowedTypes,
  okText = 'Select',
  onPick,
  onCancel,
}: GroupHierarchyPickerProps) {
  const { message } = App.useApp();
  const [selected, setSelected] = useState<GroupTreeNode | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!selected || !isAllowedPick(selected.groupType, allowedTypes)) {
      void message.error(Messages.noValidGroupsSelected);
      return;
    }
    setBusy(true);
    try {
      await onPick(selected);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      onOk={() => void confirm()}
      confirmLoading={busy}
      onCancel={onCancel}
      afterClose={() => setSelected(null)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Allowed: {allowedTypes.map(groupTypeLabel).join(', ')}
      </Typography.Paragraph>
      <div style={{ maxHeight: 400, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 4 }}>
        <GroupTree
          ariaLabel="Group hierarchy"
          hideInactive
          selectedGroupId={selected?.id}
          filter={(g) => g.isActive && pickerShowsType(g.groupType, allowedTypes)}
          childless={(g) => pickerDropsChildren(g.groupType, allowedTypes)}
          onSelect={setSelected}
        />
      </div>
      {selected && <Typography.Paragraph style={{ marginTop: 8 }}>Selected: {selected.name}</Typography.Paragraph>}
    </Modal>
  );
}
