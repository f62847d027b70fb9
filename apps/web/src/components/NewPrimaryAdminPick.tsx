// Who becomes a group's primary admin when its primary admin leaves (removing from one group, from the admin page, or
// from all groups): named in a sentence, changeable in a list of the group's other admins. The server never picks.
import { useState } from 'react';
import { Select } from 'antd';
import { roleLabel } from '@registry/contracts';

export interface PrimaryAdminCandidate {
  id: number;
  fullName: string;
  roleId: number;
}

/** A group the leaving admin is primary of, with its other admins (sorted as shown; the first is proposed). */
export interface PrimarySuccession {
  groupId: number;
  groupName: string;
  candidates: PrimaryAdminCandidate[];
}

/** Candidates by name, as the group admins table lists them (spec 2 §9). */
export const byName = <T extends { fullName: string }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => a.fullName.localeCompare(b.fullName, undefined, { sensitivity: 'base' }));

/** The sentence naming the new primary admin and the list to change it; `groupName` absent means "this group". */
export function NewPrimaryAdminPick({
  id,
  groupName,
  candidates,
  onChange,
}: {
  id: string;
  groupName?: string;
  candidates: PrimaryAdminCandidate[];
  onChange: (adminId: number) => void;
}) {
  const [chosenId, setChosenId] = useState(candidates[0]?.id);
  const chosen = candidates.find((admin) => admin.id === chosenId);
  if (!chosen) return null;
  return (
    <div style={{ marginBottom: 12 }}>
      <p>
        <strong>{chosen.fullName}</strong> will become the primary admin of {groupName ?? 'this group'}.
      </p>
      <label htmlFor={id}>{groupName ? `New primary admin of ${groupName}` : 'New primary admin'}</label>
      <Select
        id={id}
        style={{ width: '100%' }}
        value={chosenId}
        onChange={(value: number) => {
          setChosenId(value);
          onChange(value);
        }}
        options={candidates.map((admin) => ({
          value: admin.id,
          label: `${admin.fullName} (${roleLabel(admin.roleId)})`,
        }))}
      />
    </div>
  );
}

/** The first candidate of each group: what the dialogs propose before the user changes anything. */
export const proposedSuccessors = (successions: readonly PrimarySuccession[]) =>
  new Map(successions.map((s) => [s.groupId, s.candidates[0].id]));
