// Waste results under a group (spec 2 /group/{id}/results?samplenumber&samplestatus&matchResult): attempted date
// descending, the group label with '(Inactive)', 'APA' and 'Move Out' notes; row actions: details modal with history,
// flag or unflag, delete, bulk transfer, email the result to the primary admin, download the certificate.
import { useState } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Tag, Typography } from 'antd';
import {
  GroupTypes,
  WASTE_RESULT_MESSAGES,
  can,
  groupResultsQuery as groupResultsFilters,
  matchResultWords,
} from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { ActionsDropdown } from '../../components/ActionsDropdown';
import { ConfirmByTypingDialog } from '../../components/ConfirmByTypingDialog';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { GroupHierarchyPicker } from '../groups/components/GroupHierarchyPicker';
import { listFilterFields } from '../../components/urlFilters';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { GroupFrame } from '../../components/GroupFrame';
import type { GroupDetails } from '../groups/groups.api';
import { STATUS_OPTIONS, statusLabel } from '../pets/petLabels';
import { useWasteSampleActions } from '../wastesamples/wastesamples.api';
import { FlagNotesModal, WasteSampleDetailsModal } from './components/GroupResultModals';
import {
  downloadCertificate,
  fetchResultSet,
  groupResultsQuery,
  useEmailPrimaryAdmin,
  wasteResultKeys,
  type GroupResultRow,
} from './wasteresults.api';
import { WASTE_RESULTS_PAGE_SIZES, groupResultsSearch } from './wasteresults.search';
import { showReportDate } from '../../components/labTime';
import { FilterBar } from '../../components/FilterBar';
import { useIssueNotice } from '../violations/violations.api';

const RESULT_OPTIONS = ['Match', 'NoMatch', 'NonCanine', 'Processing', 'Fail', 'MultipleMatch'].map((v) => ({
  value: v,
  label: matchResultWords(v),
}));
const date = (d: string | null) => (d ? showReportDate(d) : '');
const resultColor = (s: string | null) =>
  s === 'Match'
    ? 'green'
    : s === 'NoMatch'
      ? 'default'
      : s === 'Inconclusive' || s === 'MultipleMatch'
        ? 'gold'
        : 'red';

/** The group's label as the heading shows it: its name, plus '(Inactive)' when inactive (spec 2 §2). */
export const groupLabel = (g: Pick<GroupDetails, 'name' | 'isActive'>) => `${g.name}${g.isActive ? '' : ' (Inactive)'}`;

function GroupResults({ group }: { group: GroupDetails }) {
  const groupId = group.id;
  const { message, modal } = App.useApp();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const showError = useErrorDialog();
  const [params, setParams] = useUrlState(groupResultsSearch);
  const [selected, setSelected] = useState<GroupResultRow[]>([]);
  const [details, setDetails] = useState<GroupResultRow | null>(null);
  // After an update in the details modal the row drops the status it had and shows the stored one (spec 2 §4),
  // while the list reloads.
  const [updatedStatus, setUpdatedStatus] = useState<Record<number, number>>({});
  const [flagging, setFlagging] = useState<GroupResultRow | null>(null);
  const [deleting, setDeleting] = useState<GroupResultRow | null>(null);
  const [transferring, setTransferring] = useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: wasteResultKeys.all });
  const actions = useWasteSampleActions(refresh);
  const email = useEmailPrimaryAdmin();
  const may = (right: Parameters<typeof can>[1]) => me !== undefined && can(me.roleId, right);
  const issue = useIssueNotice();
  /** A violation notice from the approved Match (issue 41); the server refuses with the reason, shown as an error. */
  const issueNotice = async (row: GroupResultRow) => {
    try {
      const set = await fetchResultSet(row.matchResultSetId);
      const answer = await issue.mutateAsync(set.currentlyApprovedResultId ?? 0);
      void message.success(answer.message);
      await navigate({ to: '/violations/$id', params: { id: String(answer.notice.id) } });
    } catch (error) {
      showError(error);
    }
  };

  /** The matched dog's owner page, unless the owner is no longer associated with the property (spec 2 §6). */
  const openOwner = async (row: GroupResultRow) => {
    try {
      const set = await fetchResultSet(row.matchResultSetId);
      if (!set.hasAccessToPetOwner) {
        modal.warning({ title: 'Pet owner', content: WASTE_RESULT_MESSAGES.notAssociated });
        return;
      }
      const result =
        set.matchHistory.find((r) => r.matchResultId === set.currentlyApprovedResultId) ?? set.matchHistory[0];
      const pet = result?.matchingPet;
      if (pet?.petOwnerId)
        void navigate({
          to: '/petowner/$petOwnerId/{-$sampleNumber}',
          params: { petOwnerId: String(pet.petOwnerId), sampleNumber: pet.sampleNumber },
        });
    } catch (error) {
      showError(error);
    }
  };

  const sendEmail = (row: GroupResultRow) =>
    modal.confirm({
      title: 'Email the match result',
      content: `Email the result of ${row.sampleNumber} to the property's primary admin?`,
      okText: 'Send',
      onOk: () =>
        email
          .mutateAsync(row.matchResultSetId)
          .then((answer) => void modal.success({ title: 'Email sent', content: answer.message }))
          .catch((error: unknown) => showError(error)),
    });

  const unflag = (row: GroupResultRow) =>
    modal.confirm({
      title: `Unflag ${row.sampleNumber}?`,
      okText: 'Unflag',
      onOk: () =>
        actions.unflag
          .mutateAsync(row.wasteSampleId)
          .then(() => void message.success(`${row.sampleNumber} unflagged.`))
          .catch((error: unknown) => showError(error)),
    });

  const filter = listFilterFields('group-results', params, setParams, groupResultsFilters);
  return (
    <Card title={<Typography.Text strong>{`Waste results: ${groupLabel(group)}`}</Typography.Text>}>
      <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
        {filter.text('samplenumber', 'Sample number', 'samplenumber', 'group-results-sample')}
        {filter.choice('samplestatus', 'Sample status', {
          id: 'group-results-status',
          width: 200,
          options: STATUS_OPTIONS,
        })}
        {filter.choice('matchResult', 'Result', { id: 'group-results-result', width: 160, options: RESULT_OPTIONS })}
      </FilterBar>
      {may('wasteSample.transfer') && (
        <Space style={{ marginBottom: 12 }}>
          <Button disabled={selected.length === 0} onClick={() => setTransferring(true)}>
            Bulk transfer{selected.length ? ` (${selected.length})` : ''}
          </Button>
        </Space>
      )}
      <UrlTable<GroupResultRow, typeof groupResultsSearch>
        empty={{
          text: 'No waste results yet. Results appear here once the lab has processed this property’s waste samples.',
        }}
        rowKey="matchResultSetId"
        pageSizeOptions={WASTE_RESULTS_PAGE_SIZES}
        searchSchema={groupResultsSearch}
        queryKey={(p) => wasteResultKeys.group(groupId, p)}
        queryFn={(p) => groupResultsQuery(groupId, p)}
        // Fits a laptop (1440 wide) without sideways scrolling: the middle size's padding, and the status and result
        // cells wrap between words (cell-wrap) instead of widening the table past its card (issue 36).
        size="middle"
        rowSelection={
          may('wasteSample.transfer')
            ? {
                selectedRowKeys: selected.map((r) => r.matchResultSetId),
                onChange: (_keys, rows) => setSelected(rows),
                getCheckboxProps: (r) => ({ 'aria-label': `Select ${r.sampleNumber}` }),
              }
            : undefined
        }
        columns={[
          {
            title: 'Sample number',
            dataIndex: 'sampleNumber',
            key: 'samplenumber',
            sorter: true,
            render: (n: string, r) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => setDetails(r)}>
                {n}
              </Button>
            ),
          },
          { title: 'Property', dataIndex: 'propertyName', key: 'propertyname', sorter: true },
          {
            title: 'Sample status',
            dataIndex: 'sampleStatus',
            render: (s: number, r) => (
              <div className="cell-wrap">{statusLabel(updatedStatus[r.wasteSampleId] ?? s)}</div>
            ),
          },
          {
            title: 'Result',
            dataIndex: 'status',
            key: 'status',
            sorter: true,
            render: (s: string | null, r) => (
              <Space size={4} wrap className="cell-wrap">
                {s && <Tag color={resultColor(s)}>{matchResultWords(s)}</Tag>}
                {r.isApproved ? null : s && <Typography.Text type="secondary">not approved</Typography.Text>}
                {r.approvedResultIsAdjacentPropertyMatch && <Tag color="blue">APA</Tag>}
                {r.approvedResultIsMoveOut && <Tag color="purple">Move Out</Tag>}
                {r.isFlagged && <Tag color="red">Flagged</Tag>}
              </Space>
            ),
          },
          {
            title: 'Matched dog',
            dataIndex: 'matchedSampleNumber',
            render: (n: string | null, r) =>
              n ? (
                <Button type="link" style={{ padding: 0 }} onClick={() => void openOwner(r)}>
                  {n}
                </Button>
              ) : null,
          },
          { title: 'Attempted', dataIndex: 'dateAttempted', key: 'attempted', sorter: true, render: date },
          { title: 'Created', dataIndex: 'dateCreated', key: 'created', sorter: true, render: date },
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, r) => (
              <ActionsDropdown
                size="small"
                moreLabel={`More actions for ${r.sampleNumber}`}
                actions={[
                  { key: 'details', label: 'Details', onClick: () => setDetails(r) },
                  {
                    key: 'certificate',
                    label: 'Certificate',
                    eligible: r.isApproved,
                    onClick: () => void downloadCertificate(r.matchResultSetId, r.sampleNumber).catch(showError),
                  },
                  {
                    key: 'email',
                    label: 'Email primary admin',
                    eligible: r.isApproved && may('wasteResult.email'),
                    onClick: () => sendEmail(r),
                  },
                  {
                    key: 'notice',
                    label: 'Issue violation notice',
                    eligible: r.isApproved && r.status === 'Match' && may('violation.issue'),
                    onClick: () => void issueNotice(r),
                  },
                  {
                    key: 'flag',
                    label: 'Flag',
                    eligible: !r.isFlagged && may('sample.flag'),
                    onClick: () => setFlagging(r),
                  },
                  {
                    key: 'unflag',
                    label: 'Unflag',
                    eligible: r.isFlagged && may('sample.flag'),
                    onClick: () => unflag(r),
                  },
                  {
                    key: 'delete',
                    label: 'Delete',
                    danger: true,
                    eligible: may('wasteSample.delete'),
                    onClick: () => setDeleting(r),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <WasteSampleDetailsModal
        sample={details}
        onClose={() => setDetails(null)}
        onUpdated={(sample) => setUpdatedStatus((all) => ({ ...all, [sample.sampleId]: sample.customerFacingStatus }))}
      />
      <FlagNotesModal
        sampleNumber={flagging?.sampleNumber ?? null}
        busy={actions.flag.isPending}
        error={actions.flag.error}
        onCancel={() => setFlagging(null)}
        onFlag={(notes) =>
          flagging &&
          actions.flag.mutate(
            { id: flagging.wasteSampleId, notes },
            {
              onSuccess: () => {
                void message.success(`${flagging.sampleNumber} flagged.`);
                setFlagging(null);
              },
            },
          )
        }
      />
      <ConfirmByTypingDialog
        open={deleting !== null}
        title={`Delete ${deleting?.sampleNumber ?? ''}`}
        prompt={`Type the sample number ${deleting?.sampleNumber ?? ''} to delete this waste sample and its results.`}
        expectedText={deleting?.sampleNumber ?? ''}
        okText="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            const answer = await actions.remove.mutateAsync({
              id: deleting.wasteSampleId,
              confirmation: deleting.sampleNumber,
            });
            void message.success(answer.message);
            setDeleting(null);
          } catch (error) {
            showError(error);
          }
        }}
      />
      <GroupHierarchyPicker
        open={transferring}
        title={`Transfer ${selected.length} waste sample(s)`}
        okText="Transfer"
        allowedTypes={[GroupTypes.Property]}
        onCancel={() => setTransferring(false)}
        onPick={async (target) => {
          try {
            const answer = await actions.transfer.mutateAsync({
              destinationId: target.id,
              sampleIds: selected.map((r) => r.wasteSampleId),
            });
            void message.success(answer.message);
            setSelected([]);
            setTransferring(false);
          } catch (error) {
            showError(error);
          }
        }}
      />
    </Card>
  );
}

/** /group/{id}/results: the waste results of the group's properties (and those adjacent to them by agreement). */
export function GroupResultsPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="results">
      {(group) => <GroupResults group={group} />}
    </GroupFrame>
  );
}
