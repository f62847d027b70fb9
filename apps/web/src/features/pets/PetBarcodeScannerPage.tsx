import { useRef, useState } from 'react';
import { App, Card, Descriptions, Tag, type InputRef } from 'antd';
import { Link } from '@tanstack/react-router';
import { PetMessages, SampleMessages, isSampleNumber, petLookupQuery, type PetLookup } from '@registry/contracts';
import { ApiError } from '../../lib/api';
import { SchemaTextInput } from '../../components/MaxLengthInput';
import { PageTitle } from '../../components/PageTitle';
import { genderLabel } from './petLabels';
import { lookupPet } from './pets.api';

/** A short low tone: the barcode screen's error sound (spec 3 §8), made in the browser, no audio file needed. */
export function playErrorSound() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = 'square';
    tone.frequency.value = 220;
    gain.gain.value = 0.1;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
    tone.onended = () => void audio.close();
  } catch {
    /* no audio output: the alert still shows */
  }
}

/** What the lookup shows for a failed answer (spec 3 §8 "Pet lookup"). */
export function lookupErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return PetMessages.lookupNotFound;
    const field = error.modelState ? Object.values(error.modelState)[0]?.[0] : undefined;
    return field ?? error.exceptionMessage ?? error.message ?? PetMessages.lookupUnknownError;
  }
  return PetMessages.lookupUnknownError;
}

/** Pet barcode lookup (/tools/petbarcodescanner): scan or type a DN number; errors alert, sound and clear the input. */
export function PetBarcodeScannerPage() {
  const [value, setValue] = useState('');
  const [pet, setPet] = useState<PetLookup | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<InputRef>(null);
  const { modal } = App.useApp();

  const fail = (text: string) => {
    playErrorSound();
    setPet(null);
    modal.error({ title: 'Error', content: text, afterClose: () => input.current?.focus() });
    setValue('');
  };
  const search = async () => {
    const text = value.trim();
    if (!text) return fail(SampleMessages.enterSampleNumber);
    if (!isSampleNumber(text, 'pet')) return fail('invalid format');
    setBusy(true);
    try {
      setPet(await lookupPet(text));
    } catch (error) {
      fail(lookupErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageTitle>Pet barcode scanner</PageTitle>
      <Card>
        <SchemaTextInput
          kind="search"
          schema={petLookupQuery}
          field="sampleNumber"
          ref={input}
          autoFocus
          aria-label="Sample number"
          placeholder="Scan or type a DN sample number"
          enterButton="Look up"
          loading={busy}
          value={value}
          onChange={setValue}
          onSearch={() => void search()}
          style={{ maxWidth: 420 }}
        />
        {pet && (
          <Descriptions column={{ xs: 1, md: 2 }} style={{ marginTop: 16 }} title={pet.petName}>
            <Descriptions.Item label="Sample number">{pet.sampleNumber}</Descriptions.Item>
            <Descriptions.Item label="Gender">{genderLabel(pet.gender)}</Descriptions.Item>
            <Descriptions.Item label="Property">{pet.propertyName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Flagged">
              {pet.isFlagged ? <Tag color="red">Flagged</Tag> : 'No'}
            </Descriptions.Item>
            {pet.message && <Descriptions.Item label="Flag notes">{pet.message}</Descriptions.Item>}
            {pet.bioPetNotes && <Descriptions.Item label="Notes">{pet.bioPetNotes}</Descriptions.Item>}
            {pet.petOwnerId && (
              <Descriptions.Item label="Pet owner">
                <Link
                  to="/petowner/$petOwnerId/{-$sampleNumber}"
                  params={{ petOwnerId: String(pet.petOwnerId), sampleNumber: pet.sampleNumber }}
                >
                  Open the owner&apos;s page
                </Link>
              </Descriptions.Item>
            )}
          </Descriptions>
        )}
      </Card>
    </>
  );
}
