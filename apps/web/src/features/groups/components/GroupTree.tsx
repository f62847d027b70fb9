import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Tree, Typography, type TreeDataNode } from 'antd';
import { groupTypeLabel } from '@registry/contracts';
import {
  firstLevelGroupsQuery,
  groupChildrenQuery,
  groupQuery,
  type GroupDetails,
  type GroupTreeNode,
} from '../groups.api';
import { revealInPanel } from '../../../components/scrollWithin';

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
  /** Nodes shown without their children (the picker's non-pet-owner view drops a Distributorship's). */
  childless?: (group: GroupTreeNode) => boolean;
  ariaLabel?: string;
  height?: number;
  /** Open the tree down to the selected group (the side menu, when a group page is opened by URL). */
  revealSelected?: boolean;
}

/**
 * The tree keys to open so `group` shows: its ancestors from the first one the tree lists (the caller's first level)
 * down to its parent, plus the parent's 'Inactive Groups' node for an inactive group. Null when no ancestor is listed.
 */
export function keysToReveal(
  group: Pick<GroupDetails, 'id' | 'isActive' | 'ancestorIds'>,
  firstLevel: readonly GroupTreeNode[],
): string[] | null {
  const chain = [...(group.ancestorIds ?? []), group.id];
  const top = chain.findIndex((id) => firstLevel.some((node) => node.id === id));
  if (top < 0) return null;
  const above = chain.slice(top, -1);
  const keys = above.map(groupKey);
  const parentId = above.at(-1);
  if (!group.isActive && parentId !== undefined) keys.push(inactiveKey(parentId));
  return keys;
}

/**
 * The group hierarchy: first-level groups (the caller's scope), children loaded on demand, inactive children under an
 * 'Inactive Groups' pseudo-node. Node data lives in the query cache, so group mutations refresh the tree.
 */
export function GroupTree({
  selectedGroupId,
  onSelect,
  filter,
  childless,
  hideInactive,
  ariaLabel = 'Group tree',
  height,
  revealSelected,
}: GroupTreeProps) {
  const qc = useQueryClient();
  const roots = useQuery(firstLevelGroupsQuery());
  const [loadedKeys, setLoadedKeys] = useState<string[]>([]);
  const [expandedKeys, setExpandedKeys] = useState<React.Key[]>([]);
  const container = useRef<HTMLDivElement>(null);
  // The selected group's details (shared with the page in the query cache) give its path in the hierarchy.
  const selected = useQuery({
    ...groupQuery(selectedGroupId ?? 0),
    enabled: Boolean(revealSelected && selectedGroupId),
  });
  const target = revealSelected && selected.data?.id === selectedGroupId ? selected.data : undefined;
  const revealKeys = target && roots.data ? keysToReveal(target, roots.data) : null;
  const revealSignature = revealKeys && `${target?.id}:${revealKeys.join(',')}`;
  // Opened once per group and path: a later refetch must not reopen nodes the user has closed since.
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (!revealKeys || !revealSignature || revealed.current === revealSignature) return;
    let cancelled = false;
    // Each level's children are loaded (or taken from the cache) before opening, as on a click, so nothing opens empty.
    void Promise.all(
      revealKeys.map((key) => qc.fetchQuery(groupChildrenQuery(parseKey(key).id, parseKey(key).inactive))),
    )
      .then(() => {
        if (cancelled) return;
        revealed.current = revealSignature;
        setLoadedKeys((keys) => [...keys, ...revealKeys.filter((key) => !keys.includes(key))]);
        setExpandedKeys((keys) => [...keys, ...revealKeys.filter((key) => !keys.includes(key))]);
        // Within the tree's own panel only: the page itself never moves on its own.
        requestAnimationFrame(() => revealInPanel(container.current?.querySelector('.ant-tree-node-selected')));
      })
      .catch((error: unknown) => console.error('Group path failed to load', error));
    return () => {
      cancelled = true;
    };
    // revealKeys is a new array each render; its signature says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealSignature, qc]);
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
        const noChildren = childless?.(g) ?? false;
        const loaded = noChildren ? undefined : children.get(key);
        const hasSomething = !noChildren && (g.hasChildren || (!hideInactive && g.hasInactiveChildren));
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
            <span
              title={`${g.name} (${groupTypeLabel(g.groupType)})`}
              style={g.isActive ? undefined : { color: '#999' }}
            >
              {g.label || g.name}
            </span>
          ),
        };
      });

  const treeData = build(roots.data ?? []);

  return (
    <div ref={container}>
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
          await qc
            .fetchQuery(groupChildrenQuery(id, inactive))
            .catch((error: unknown) => console.error('Group children failed to load', error));
          setLoadedKeys((keys) => (keys.includes(key) ? keys : [...keys, key]));
        }}
        onSelect={(_keys, info) => {
          const group = byKey.get(String(info.node.key));
          if (group) onSelect(group);
        }}
      />
    </div>
  );
}
