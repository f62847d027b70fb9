import { Button, Dropdown, Space, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';

export interface ActionItem {
  key: string;
  label: string;
  onClick: () => void;
  /** Ineligible actions are not offered at all. */
  eligible?: boolean;
  danger?: boolean;
  icon?: React.ReactNode;
}

export interface ActionsDropdownProps {
  actions: ActionItem[];
  size?: 'small' | 'middle' | 'large';
  /** Accessible name of the dropdown toggle. */
  moreLabel?: string;
  loading?: boolean;
}

/** The first eligible action is the main button; the rest sit behind the arrow. */
export function ActionsDropdown({
  actions,
  size = 'middle',
  moreLabel = 'More actions',
  loading,
}: ActionsDropdownProps) {
  const eligible = actions.filter((a) => a.eligible !== false);
  if (eligible.length === 0) return null;
  const [first, ...rest] = eligible;
  const items: MenuProps['items'] = rest.map((a) => ({
    key: a.key,
    label: a.label,
    danger: a.danger,
    icon: a.icon,
    onClick: a.onClick,
  }));
  return (
    <Space.Compact size={size}>
      <Button onClick={first.onClick} danger={first.danger} icon={first.icon} loading={loading}>
        {first.label}
      </Button>
      {rest.length > 0 && (
        <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
          <Button aria-label={moreLabel} icon={<DownOutlined />} disabled={loading} />
        </Dropdown>
      )}
    </Space.Compact>
  );
}
