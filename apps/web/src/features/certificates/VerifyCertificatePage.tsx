// /verify/{code} (public, no sign-in): what a certificate certifies and whether it still stands, read by anyone who
// holds the paper (a resident, a registry, a court). No owner contact data and no genotype are shown; a wrong code
// and a malformed one read the same.
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { VERIFICATION_MESSAGES } from '@registry/contracts';
import { AnonLayout } from '../../components/AnonLayout';
import { verificationQuery, type Verification } from './certificates.api';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));

const STATUS_TEXT: Record<Verification['status'], string> = {
  Valid: 'Valid',
  Revoked: 'Revoked',
  Superseded: 'Superseded',
};

function Status({ v }: { v: Verification }) {
  const text =
    v.status === 'Valid'
      ? 'This certificate is valid: the lab still stands by its result.'
      : `This certificate was ${v.status.toLowerCase()}${v.statusDate ? ` on ${when(v.statusDate)}` : ''}.`;
  return (
    <div className={`verify-status verify-status-${v.status.toLowerCase()}`} role="status">
      <strong>{STATUS_TEXT[v.status]}</strong>
      <div>{text}</div>
      {v.status !== 'Valid' && v.statusReason && <div>{v.statusReason}</div>}
    </div>
  );
}

export function VerifyCertificatePage() {
  const { code } = useParams({ strict: false }) as { code: string };
  const verification = useQuery(verificationQuery(code));
  const v = verification.data;
  return (
    <AnonLayout title="Certificate verification">
      {verification.isPending && <p>Checking the certificate…</p>}
      {verification.isError && (
        <p role="alert" className="verify-missing">
          {VERIFICATION_MESSAGES.noSuchCertificate}
        </p>
      )}
      {v && (
        <>
          <Status v={v} />
          <dl className="verify-facts">
            <dt>Certificate</dt>
            <dd>{v.kindLabel}</dd>
            <dt>Number</dt>
            <dd>{v.number}</dd>
            {v.sampleNumber && (
              <>
                <dt>Sample number</dt>
                <dd>{v.sampleNumber}</dd>
              </>
            )}
            {v.dogName && (
              <>
                <dt>Dog</dt>
                <dd>{v.dogName}</dd>
              </>
            )}
            <dt>Result</dt>
            <dd>{v.result}</dd>
            <dt>Issued</dt>
            <dd>{when(v.issuedAt)}</dd>
            <dt>Issued by</dt>
            <dd>
              {v.issuer}
              {v.signatory ? `, signed by ${v.signatory}` : ''}
            </dd>
          </dl>
        </>
      )}
    </AnonLayout>
  );
}
