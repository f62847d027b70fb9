import { Image, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PetMessages, petEndpoints } from '@registry/contracts';
import { sendWithProgress } from '../../lib/client';
import { ImageUpload } from '../../components/ImageUpload';
import { petKeys, type PetView } from './pets.api';

/** Spec 3 §5: pet images are images under 4,000,000 bytes. */
const PET_IMAGE_MAX_BYTES = 4_000_000;

/** The client-side image check: the message to show, or null when the file may be sent. */
export function petImageProblem(file: { size: number; type: string }): string | null {
  if (file.size >= PET_IMAGE_MAX_BYTES) return PetMessages.imageTooLarge;
  if (!file.type.toLowerCase().startsWith('image')) return PetMessages.imageNotImage;
  return null;
}

/** The dog's photo with an upload that shows its progress (one file: a newer one replaces the older). */
export function PetImageUpload({ pet, canEdit }: { pet: PetView; canEdit: boolean }) {
  const qc = useQueryClient();
  return (
    <div>
      {pet.imageUrl ? (
        <Image src={pet.imageUrl} alt={`Photo of ${pet.name}`} height={120} />
      ) : (
        <Typography.Text type="secondary">No photo yet.</Typography.Text>
      )}
      {canEdit && (
        <div style={{ marginTop: 8 }}>
          <ImageUpload
            buttonLabel="Upload image"
            fileProblem={petImageProblem}
            send={(form, onProgress) =>
              sendWithProgress(petEndpoints.uploadImage, { params: { petId: pet.id } }, form, onProgress)
            }
            successMessage={PetMessages.imageUploaded}
            onUploaded={() => void qc.invalidateQueries({ queryKey: petKeys.detail(pet.id) })}
          />
        </div>
      )}
    </div>
  );
}
