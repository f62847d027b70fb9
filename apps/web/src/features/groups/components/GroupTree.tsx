import { useMemo, useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Tree, Typography, type TreeDataNode } from 'antd';
import { groupTypeLabel } from '@registry/contracts';
import { firstLevelGroupsQuery, groupChildrenQuery, type GroupTreeNode } from '../groups.api';

/** Tree keys: 'g:{id}' a group, 'i:{id}' the 'Inactive Groups' pseudo-node of a group. */
const groupKey = (id: number) => `g:${id}`;
const inactiveKey = (id: number) => `i:${id}`;
const parseKey = (key: string) => ({ inactive: key.startsWith('i:'), id: Number(key.slice(2)) });

export interface GroupTreeProps {
  selectedGroupId?: number | null;
  onSelect: (group: GroupTreeNode) => void;
  /** Nodes to leave out (with their subtrees), e.g. the hierarchy picker's hidden types. */
  filter?: (group: GroupTreeNode) => boolean;
  /** Leave out the 'Inactive Groups' pseudo-nodes. */
  hideInactive?: boolean;
  ariaLabel?: string;
  height?: number;
}

/**
 * The group hierarchy: first-level groups (the caller's scope), children loaded on demand, inactive children under an
 * 'Inactive Groups' pseudo-node. Node data lives in the query cache, so group mutations refresh the tree.
 */
export function GroupTree({ selectedGroupId, onSelect, filter, hideInactive, ariaLabel = 'Group tree', height }: GroupTreeProps) {
  const qc = useQueryClient();
  const roots = useQuery(firstLevelGroupsQuery());
  const [loadedKeys, setLoadedKeys] = useState<string[]>([]);
  const [expandedKeys, setExpandedKeys] = useState<React.Key[]>([]);
  const childQueries = useQueries({
    queries: loadedKeys.map((key) => {
      const { id, inactive } = parseKey(key);
      return groupChildrenQuery(id, inactive);
    }),
  });
  const children = new Map<string, GroupTreeNode[]>();
  loadedKeys.forEach((key, i) => {
    const data = childQueries[i]?.data;
    if (data) children.set(key, data);
  });
  const byKey = useMemo(() => new Map<string, GroupTreeNode>(), []);

  const build = (nodes: GroupTreeNode[]): TreeDataNode[] =>
    nodes
      .filter((g) => !filter || filter(g))
      .map((g) => {
        byKey.set(groupKey(g.id), g);
        const key = groupKey(g.id);
        const loaded = children.get(key);
        const hasSomething = g.hasChildren || (!hideInactive && g.hasInactiveChildren);
        let kids: TreeDataNode[] | undefined;
        if (loaded) {
          kids = build(loaded);
          if (g.hasInactiveChildren && !hideInactive) {
            const inactive = children.get(inactiveKey(g.id));
            kids.push({
              key: inactiveKey(g.id),
              title: <Typography.Text type="secondary">Inactive Groups</Typography.Text>,
              selectable: false,
              children: inactive ? build(inactive) : undefined,
            });
          }
        }
        return {
          key,
          isLeaf: !hasSomething,
          children: kids,
          title: (
            <span title={`${g.name} (${groupTypeLabel(g.groupType)})`} style={g.isActive ? undefined : { color: '#999' }}>
              {g.label || g.name}
            </span>
          ),
        };
      });

  const treeData = build(roots.data ?? []);

  return (
    <Tree
      aria-label={ariaLabel}
      treeData={treeData}
      height={height}
      blockNode
      expandedKeys={expandedKeys}
      onExpand={(keys) => setExpandedKeys(keys)}
      selectedKeys={selectedGroupId ? [groupKey(selectedGroupId)] : []}
      loadData={async (node) => {
        const key = String(node.key);
        if (loadedKeys.includes(key)) return;
        const { id, inactive } = parseKey(key);
        await qc.fetchQuery(groupChildrenQuery(id, inactive)).catch((error: unknown) => console.error('Group children failed to load', error));
        setLoadedKeys((keys) => (keys.includes(key) ? keys : [...keys, key]));
      }}
      onSelect={(_keys, info) => {
        const group = byKey.get(String(info.node.key));
        if (group) onSelect(group);
      }}
    />
  );
}
