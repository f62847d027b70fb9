import { useParams } from '@tanstack/react-router';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Segmented, Typography } from 'antd';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DashboardMode, GroupTypes } from '@registry/contracts';
import { useCurrentUser, userInfoQuery } from '../../lib/auth';
import { humanize } from '../../components/format';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { useUrlState } from '../../components/UrlTable';
import { GroupFrame } from '../../components/GroupFrame';
import { isValidId } from '../../components/NotFound';
import { dashboardQuery, groupMenuQuery, groupQuery, type DashboardResponse } from './groups.api';
import { dashboardSearch, shownDashboardMode } from './groups.search';
import { DataTable } from '../../components/DataTable';

type BlockName = 'groups' | 'petSamples' | 'residents' | 'wasteSamples';
const BLOCKS: { name: BlockName; title: string; color: string }[] = [
  { name: 'groups', title: 'Groups', color: '#1677ff' },
  { name: 'petSamples', title: 'Pet samples', color: '#52c41a' },
  { name: 'residents', title: 'Residents', color: '#fa8c16' },
  { name: 'wasteSamples', title: 'Waste samples', color: '#722ed1' },
];

const label = (key: string) => {
  const text = humanize(key)
    .toLowerCase()
    .replace(/\bdna\b/g, 'DNA');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Room for the longest status ('Verification tests requested' at 11px) beside its bar, on a phone as on a laptop. */
const CATEGORY_WIDTH = 172;

function DashboardBlock({
  title,
  color,
  block,
  note,
}: {
  title: string;
  color: string;
  block: DashboardResponse[BlockName];
  note?: string;
}) {
  const counts = block.counts as Record<string, number>;
  const percentages = block.percentages as Record<string, number>;
  const rows = Object.keys(counts).map((key) => ({
    key,
    name: label(key),
    count: counts[key],
    percent: `${percentages[key] ?? 0}%`,
  }));
  const chart = rows.filter((r) => r.key !== 'total');
  const total = counts.total ?? 0;
  return (
    <Card
      title={title}
      extra={
        <Typography.Text strong aria-label={`${title} total`}>
          {total}
        </Typography.Text>
      }
      size="small"
    >
      {note && <Typography.Paragraph type="secondary">{note}</Typography.Paragraph>}
      {total > 0 ? (
        // Bars lie across, each status written level at its left: slanted labels under upright bars were cut at the
        // card's edge ('…NA processing complete', '…rification tests requested') at both widths (issue 36).
        <div style={{ height: chart.length * 26 + 40 }} role="img" aria-label={`${title} chart`}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={chart} layout="vertical" margin={{ top: 4, right: 16, left: 0, bottom: 4 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} fontSize={11} />
              <YAxis type="category" dataKey="name" interval={0} fontSize={11} width={CATEGORY_WIDTH} />
              <Tooltip
                formatter={(value, _n, item) => [
                  `${String(value)} (${(item.payload as { percent: string }).percent})`,
                  'Count',
                ]}
              />
              <Bar dataKey="count" fill={color} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing to chart" />
      )}
      <DataTable
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        aria-label={`${title} counts`}
        columns={[
          { title: 'Status', dataIndex: 'name' },
          { title: 'Count', dataIndex: 'count', align: 'right' },
          { title: '%', dataIndex: 'percent', align: 'right' },
        ]}
      />
    </Card>
  );
}

const MODES = [
  { value: DashboardMode.ActiveProperties, label: 'Active' },
  { value: DashboardMode.InactiveProperties, label: 'Inactive' },
  { value: DashboardMode.ActiveAndInactiveProperties, label: 'Active & Inactive' },
  { value: DashboardMode.GlobalStatus, label: 'Global' },
];

/** The blocks that concern no group of the type: a property has no groups beneath it, a parentage group neither groups nor waste samples. */
const HIDDEN_BLOCKS: Partial<Record<number, readonly string[]>> = {
  [GroupTypes.Property]: ['groups'],
  [GroupTypes.ParentageGroup]: ['groups', 'wasteSamples'],
};

function Dashboard({ groupId, groupType }: { groupId: number; groupType: number }) {
  const isProperty = groupType === GroupTypes.Property;
  const hidden = HIDDEN_BLOCKS[groupType] ?? [];
  const user = useCurrentUser();
  // The mode lives in the URL (?dashboardMode=), so reload, back and shared links keep it.
  const [search, setSearch] = useUrlState(dashboardSearch);
  const options = MODES.filter((m) => m.value !== DashboardMode.GlobalStatus || user?.isBioPetAdmin);
  // Global is for the registry's staff only: asked for by anyone else, the default is shown.
  const mode = shownDashboardMode(search.dashboardMode, Boolean(user?.isBioPetAdmin));
  const query = useQuery({ ...dashboardQuery(groupId, mode), enabled: user !== undefined });
  const data = query.data;
  return (
    <>
      <Segmented
        aria-label="Dashboard mode"
        options={options}
        value={mode}
        onChange={(v) =>
          setSearch({ dashboardMode: Number(v) === DashboardMode.ActiveProperties ? undefined : Number(v) })
        }
        style={{ marginBottom: isProperty ? 4 : 16 }}
      />
      {isProperty && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
          This property&apos;s own counts: Active shows them while the property is active, Inactive once it is
          deactivated.
        </Typography.Paragraph>
      )}
      <ErrorPresenter error={query.error} />
      {query.isLoading && <Card loading />}
      {data && (
        <Row gutter={[16, 16]}>
          {/* A property's or a parentage group's dashboard shows what concerns it. */}
          {BLOCKS.filter((b) => !hidden.includes(b.name)).map((b) => (
            <Col key={b.name} xs={24} lg={12}>
              <DashboardBlock
                title={b.title}
                color={b.color}
                block={data[b.name]}
                note={
                  b.name === 'wasteSamples' && !data.wasteSamplesTracked
                    ? 'Waste samples are not tracked yet.'
                    : undefined
                }
              />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}

/** Group dashboard (spec 2 §2): counts over the group's subtree with whole-number percentages and charts. */
export function GroupDashboardPage() {
  const { id } = useParams({ from: '/_app/group/$id/dashboard' });
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="dashboard">
      {(group) => <Dashboard groupId={groupId} groupType={group.groupType} />}
    </GroupFrame>
  );
}

/**
 * What the route asks for before the page renders (docs/decisions/screens.md, "A page's data starts with its route"):
 * the frame's group and menu and the counts in the mode the page will show, all at once. Asked from the components they
 * waited for the signed-in layout's first render (a few hundred milliseconds on the 2-core machine), and the counts for
 * the group's answer as well. Here rather than in a module of its own: a new lazy entry reshuffles the shared chunks
 * and the login page's.
 */
export function prefetch({
  context: { queryClient },
  params,
  deps,
}: {
  context: { queryClient: QueryClient };
  params: { id: string };
  deps: { dashboardMode?: number };
}): void {
  const groupId = Number(params.id);
  if (!isValidId(groupId)) return;
  void queryClient.prefetchQuery(groupQuery(groupId));
  void queryClient.prefetchQuery(groupMenuQuery(groupId));
  // The signed-in routes' beforeLoad has the user in the cache; without it the page does not ask yet either.
  const user = queryClient.getQueryData(userInfoQuery().queryKey);
  if (user)
    void queryClient.prefetchQuery(dashboardQuery(groupId, shownDashboardMode(deps.dashboardMode, user.isBioPetAdmin)));
}
