import { Card, Image } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Messages, groupEndpoints } from '@registry/contracts';
import { sendWithProgress } from '../../../lib/client';
import { ImageUpload } from '../../../components/ImageUpload';
import { groupKeys, type GroupDetails } from '../groups.api';

/** Spec 2 §9: logos are images of at most 2,000,000 bytes. */
const LOGO_MAX_BYTES = 2_000_000;

/** The client-side logo check (spec 2 §5): the message to show, or null when the file may be sent. */
export function logoFileProblem(file: { size: number; type: string }): string | null {
  if (file.size > LOGO_MAX_BYTES) return Messages.logoTooLarge;
  if (!file.type.toLowerCase().startsWith('image')) return Messages.logoNotImage;
  return null;
}

/** Certificate logo upload with a progress bar (one file kept: a newer one replaces the older). */
export function LogoUploadCard({ group }: { group: GroupDetails }) {
  const qc = useQueryClient();
  return (
    <Card title="Certificate logo" size="small">
      {group.logoUrl && (
        <div style={{ marginBottom: 12 }}>
          <Image src={group.logoUrl} alt="Certificate logo" height={80} />
        </div>
      )}
      <ImageUpload
        buttonLabel="Upload logo"
        fileProblem={logoFileProblem}
        send={(form, onProgress) =>
          sendWithProgress(groupEndpoints.uploadLogo, { params: { groupId: group.id } }, form, onProgress)
        }
        successMessage={Messages.logoUploaded}
        onUploaded={() => void qc.invalidateQueries({ queryKey: groupKeys.detail(group.id) })}
        showFileName
      />
    </Card>
  );
}
