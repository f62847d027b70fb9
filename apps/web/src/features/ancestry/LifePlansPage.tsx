// /lifeplans (spec 3 "Partner iframe"): loading, has account (the partner's frame at base URL + route + token), error,
// and needs registration (the terms in a full-width popup, an agree checkbox, register). A registration refused for a
// missing address sends the user to their profile. Without configuration the page says the service is not set up.
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Button, Card, Checkbox, Modal, Result, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PartnerMessages } from '@registry/contracts';
import { ApiError } from '../../lib/api';
import { PageTitle } from '../../components/PageTitle';
import { partnerSessionQuery, useRegisterPartner } from './ancestry.api';

/** The partner's terms (spec 3 §9): payment, claims, warranty, specimen retention, cancellation, vouchers, law. */
export const PARTNER_TERMS = [
  'Payment: invoices are payable within 21 days of the invoice date.',
  'Claims: any claim about a test or its result must be made in writing within 30 days of the result being issued.',
  'Warranty: test kits and products are warranted against defects for 12 months from purchase.',
  'Specimens: samples are kept for 3 months after testing and then destroyed.',
  'Cancellation: a test cancelled after the sample has been accessioned by the laboratory incurs a $25 admin fee.',
  'Vouchers: vouchers are valid for one year from the date of issue.',
  'Law: these terms are governed by the laws of Victoria, Australia (Victorian law).',
  'Your name, email address and postal address are shared with our partner to create your account; your dogs’ names, breeds and DNA sample numbers so it can offer care plans for them.',
];

export function LifePlansPage() {
  const navigate = useNavigate();
  const session = useQuery(partnerSessionQuery());
  const register = useRegisterPartner();
  const [agreed, setAgreed] = useState(false);
  const [showTerms, setShowTerms] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (session.isLoading) return <Spin aria-label="Loading" />;
  if (session.isError)
    return (
      <Result status="error" title="The partner service could not be reached." subTitle="Please try again later." />
    );
  const data = session.data!;
  if (!data.configured)
    return (
      <>
        <PageTitle>Life plans</PageTitle>
        <Result status="info" title="Not configured" subTitle={PartnerMessages.notConfigured} />
      </>
    );
  if (data.token && data.baseUrl && data.route)
    return (
      <>
        <PageTitle>Life plans</PageTitle>
        <iframe
          title="Partner life plans"
          sandbox="allow-scripts allow-forms allow-popups"
          src={`${data.baseUrl}${data.route}?token=${encodeURIComponent(data.token)}`}
          style={{ width: '100%', height: '75vh', border: 0 }}
        />
      </>
    );

  const onRegister = () => {
    if (!agreed) {
      setProblem(PartnerMessages.mustAgree);
      return;
    }
    setProblem(null);
    register.mutate(undefined, {
      onError: (error) => {
        const text = error instanceof ApiError ? (error.exceptionMessage ?? error.message) : (error as Error).message;
        if (/address/i.test(text)) void navigate({ to: '/account/manage' });
        else setProblem(text);
      },
    });
  };

  return (
    <>
      <PageTitle>Life plans</PageTitle>
      <Card>
        <p>Register with our partner to see care plans for your dogs.</p>
        {problem && <Alert type="error" message={problem} style={{ marginBottom: 12 }} />}
        <Space direction="vertical">
          <Button type="link" onClick={() => setShowTerms(true)} style={{ padding: 0 }}>
            Read the terms and conditions
          </Button>
          <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
            I agree to the terms and conditions
          </Checkbox>
          <Button type="primary" loading={register.isPending} onClick={onRegister}>
            Register
          </Button>
        </Space>
      </Card>
      <Modal
        title="Terms and conditions"
        open={showTerms}
        width="100%"
        style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
        onCancel={() => setShowTerms(false)}
        footer={<Button onClick={() => setShowTerms(false)}>Close</Button>}
      >
        <ol>
          {PARTNER_TERMS.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ol>
      </Modal>
    </>
  );
}
