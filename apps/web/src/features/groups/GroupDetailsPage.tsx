import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Row } from 'antd';
import { GroupTypes, type AddressView } from '@registry/contracts';
import { GroupFrame } from '../../components/GroupFrame';
import { GroupActions } from './components/GroupActions';
import { LogoUploadCard } from './components/LogoUploadCard';
import { PreRegistrationCard } from './components/PreRegistrationCard';
import { AdjacentPropertiesCard } from './components/AdjacentPropertiesCard';
import { groupMenuQuery, type GroupDetails } from './groups.api';

const addressText = (a: AddressView | null) =>
  a
    ? [a.addressLine1, a.addressLine2, a.addressLine3, a.city, a.state?.abbreviation, a.postalCode, a.country?.name]
        .filter(Boolean)
        .join(', ') || '—'
    : '—';
const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v));

function Details({ group }: { group: GroupDetails }) {
  const menu = useQuery(groupMenuQuery(group.id));
  const isProperty = group.groupType === GroupTypes.Property;
  const extra = group.canSeeExtraFields;
  const items = [
    { key: 'name', label: 'Name', children: group.name },
    { key: 'email', label: 'Email', children: text(group.email) },
    { key: 'phone', label: 'Phone', children: text(group.phone) },
    { key: 'website', label: 'Website', children: text(group.website) },
    { key: 'units', label: 'Number of units', children: text(group.numberOfUnits) },
    { key: 'mailing', label: 'Mailing address', children: addressText(group.mailingAddress) },
    ...(extra
      ? [
          { key: 'company', label: 'Management company', children: text(group.managementCompany) },
          {
            key: 'recipient',
            label: 'Certification recipient',
            children: group.certificationRecipient === 1 ? 'Distributor' : 'Property',
          },
        ]
      : []),
    ...(isProperty
      ? [
          {
            key: 'property',
            label: 'Property address',
            children: group.isSameAddress ? 'Same as mailing address' : addressText(group.propertyAddress),
          },
          { key: 'notes', label: 'Property notes', children: text(group.propertyNotes) },
          { key: 'code', label: 'Pre-registration code', children: text(group.propertyPreRegisterCode) },
        ]
      : []),
    ...(isProperty && extra
      ? [
          { key: 'orderform', label: 'Order form URL', children: text(group.propertyOrderFormUrl) },
          { key: 'software', label: 'Management software', children: text(group.propertyManagementSoftware) },
          { key: 'ptype', label: 'Property type', children: text(group.propertyType) },
          { key: 'respay', label: 'Resident pay', children: group.residentPayEnabled ? 'Enabled' : 'Disabled' },
          { key: 'fee', label: 'Registration fee', children: text(group.propertyRegistrationFee) },
          {
            key: 'dn',
            label: 'DN barcodes (count / threshold)',
            children: `${text(group.propertyDnBarcodeCount)} / ${text(group.propertyDnBarcodeThreshold)}`,
          },
          {
            key: 'td',
            label: 'TD barcodes (count / threshold)',
            children: `${text(group.propertyTdBarcodeCount)} / ${text(group.propertyTdBarcodeThreshold)}`,
          },
        ]
      : []),
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <Card title="Details" size="small">
          <Descriptions column={{ xs: 1, md: 2 }} items={items} size="small" />
        </Card>
      </Col>
      {isProperty && menu.data?.preRegLink !== false && (
        <Col xs={24} lg={12}>
          <PreRegistrationCard groupId={group.id} />
        </Col>
      )}
      <Col xs={24} lg={12}>
        <LogoUploadCard group={group} />
      </Col>
      {(isProperty || group.groupType === GroupTypes.Distributorship) && (
        <Col xs={24}>
          <AdjacentPropertiesCard group={group} />
        </Col>
      )}
    </Row>
  );
}

/** Group details (spec 2 §2): view and edit, certificate customization, logo, pre-registration link, adjacent properties. */
export function GroupDetailsPage() {
  const { id } = useParams({ from: '/_app/group/$id' });
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="detail" renderActions={(g) => <GroupActions group={g} />}>
      {(g) => <Details group={g} />}
    </GroupFrame>
  );
}
