// The phone's collection screen (issue 40): scan or type the kit's TD number, take one to three photos, take the
// device's position and time, and save. Saved collections wait on the device (IndexedDB) and are sent in order when
// the network returns; the screen lists what is waiting and what was sent. It is the one screen that opens offline.
import { MaxLengthInput } from '../../components/MaxLengthInput';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Form, List, Select, Space, Tag, Typography } from 'antd';
import { COLLECTION_PHOTOS_MAX, fieldCollectionModel } from '@registry/contracts';
import { PageTitle } from '../../components/PageTitle';
import { barcodeScanningAvailable, keepBarcodeLibraryForOffline, scanBarcode, ScanStopped } from './barcode';
import {
  discard,
  enqueue,
  flushQueue,
  listQueue,
  onQueueChange,
  type FlushResult,
  type QueuedCollection,
} from './collectionQueue';
import { cachedProfile, refreshProfile, type FieldProfile } from './fieldProfile';
import { fitPhoto } from './photos';
import { registerCollectionServiceWorker, whenServiceWorkerControls } from './serviceWorker';

type Position = { latitude: number; longitude: number; accuracyMeters: number };
type Values = { sampleNumber?: string; propertyId?: number; collectedByName?: string; locationNotes?: string };

const FLUSH_WORDS: Record<FlushResult, string | null> = {
  done: null,
  busy: null,
  offline: 'No network: the samples wait on this phone and are sent when it returns.',
  signedOut: 'Your sign-in has ended: sign in again to send the waiting samples. They stay on this phone.',
};

function useOnline() {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}

const showTime = (ms: number) => new Date(ms).toLocaleString();

export function CollectPage() {
  const { message } = App.useApp();
  const online = useOnline();
  const [form] = Form.useForm<Values>();
  const [profile, setProfile] = useState<FieldProfile | null>(cachedProfile);
  const [queue, setQueue] = useState<QueuedCollection[]>([]);
  const [photos, setPhotos] = useState<Blob[]>([]);
  const [position, setPosition] = useState<Position | null>(null);
  const [positionProblem, setPositionProblem] = useState<string | null>(null);
  const [flushProblem, setFlushProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [scanning, setScanning] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const stopScan = useRef<(() => void) | null>(null);

  const reload = useCallback(() => void listQueue().then(setQueue), []);
  const flush = useCallback(() => flushQueue().then((result) => setFlushProblem(FLUSH_WORDS[result])), []);

  useEffect(() => {
    registerCollectionServiceWorker();
    reload();
    return onQueueChange(reload);
  }, [reload]);
  useEffect(() => {
    if (!online) return;
    // The first scan may well be offline: the scanning library must already be in the worker's copy by then.
    whenServiceWorkerControls(keepBarcodeLibraryForOffline);
    refreshProfile().then(setProfile, () => undefined);
    void flushQueue().then((result) => setFlushProblem(FLUSH_WORDS[result]));
  }, [online]);
  useEffect(() => {
    if (profile && !form.getFieldValue('collectedByName')) form.setFieldValue('collectedByName', profile.fullName);
    if (profile?.properties.length === 1 && !form.getFieldValue('propertyId'))
      form.setFieldValue('propertyId', profile.properties[0]!.id);
  }, [profile, form]);

  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      (found) => {
        setPositionProblem(null);
        setPosition({
          latitude: found.coords.latitude,
          longitude: found.coords.longitude,
          accuracyMeters: Math.round(found.coords.accuracy * 10) / 10,
        });
      },
      (problem) => setPositionProblem(`No position: ${problem.message || 'allow the location for this app'}.`),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 30_000 },
    );
  }, []);
  useEffect(locate, [locate]);
  useEffect(() => () => stopScan.current?.(), []);

  async function startScan() {
    if (!videoRef.current) return;
    setScanning(true);
    const scan = scanBarcode(videoRef.current);
    stopScan.current = scan.stop;
    try {
      form.setFieldValue('sampleNumber', await scan.result);
      setErrors(({ sampleNumber: _read, ...rest }) => rest);
    } catch (error) {
      // Stopped by the collector says nothing; a camera refused or a scanner that could not load says to type it.
      if (!(error instanceof ScanStopped))
        void message.warning('The barcode could not be scanned here: type the TD number.');
    } finally {
      setScanning(false);
    }
  }

  async function addPhotos(files: FileList | null) {
    if (!files) return;
    try {
      const fitted = await Promise.all([...files].map(fitPhoto));
      setPhotos((taken) => [...taken, ...fitted].slice(0, COLLECTION_PHOTOS_MAX));
    } catch (error) {
      void message.error((error as Error).message);
    }
  }

  async function save(values: Values) {
    const model = {
      clientId: crypto.randomUUID(),
      sampleNumber: (values.sampleNumber ?? '').trim(),
      propertyId: values.propertyId ?? 0,
      collectedAt: new Date().toISOString(),
      latitude: position?.latitude ?? Number.NaN,
      longitude: position?.longitude ?? Number.NaN,
      accuracyMeters: position?.accuracyMeters ?? Number.NaN,
      collectedByName: values.collectedByName ?? '',
      locationNotes: values.locationNotes ?? '',
    };
    const problems: Record<string, string> = {};
    const parsed = fieldCollectionModel.safeParse(model);
    if (!parsed.success) for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
    if (!position) problems.position = 'Take the position first.';
    if (photos.length === 0) problems.photos = 'Take at least one photo of the waste where it lies.';
    if (queue.some((entry) => entry.model.sampleNumber.toUpperCase() === model.sampleNumber.toUpperCase()))
      problems.sampleNumber = 'This sample is already saved on this phone.';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    await enqueue({ ...model, sampleNumber: model.sampleNumber.toUpperCase() }, photos);
    void message.success(`Sample ${model.sampleNumber.toUpperCase()} saved on this phone.`);
    form.resetFields(['sampleNumber', 'locationNotes']);
    setPhotos([]);
    locate();
    if (navigator.onLine) void flush();
  }

  const waiting = queue.filter((entry) => entry.state === 'waiting');
  const refused = queue.filter((entry) => entry.state === 'refused');
  const sent = queue.filter((entry) => entry.state === 'sent').reverse();
  const fieldStatus = (name: string) => (errors[name] ? { validateStatus: 'error' as const, help: errors[name] } : {});

  return (
    <div className="field-collect" style={{ maxWidth: 560, margin: '0 auto', padding: 12 }}>
      <PageTitle extra={<Tag color={online ? 'green' : 'orange'}>{online ? 'Online' : 'Offline'}</Tag>}>
        Collect waste samples
      </PageTitle>
      {!profile && (
        <Alert
          type="warning"
          showIcon
          title="Open this screen once with a network so the phone knows your properties."
          style={{ marginBottom: 12 }}
        />
      )}
      {flushProblem && <Alert type="info" showIcon title={flushProblem} style={{ marginBottom: 12 }} />}
      <Card size="small">
        <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
          <Form.Item label="Sample number" name="sampleNumber" {...fieldStatus('sampleNumber')}>
            <MaxLengthInput placeholder="TD0000000" autoComplete="off" maxLength={10} inputMode="text" />
          </Form.Item>
          {barcodeScanningAvailable() && (
            <Space orientation="vertical" style={{ width: '100%', marginBottom: 12 }}>
              <Button onClick={() => (scanning ? stopScan.current?.() : void startScan())}>
                {scanning ? 'Stop scanning' : 'Scan the barcode'}
              </Button>
              <video ref={videoRef} muted playsInline style={{ width: '100%', display: scanning ? 'block' : 'none' }} />
            </Space>
          )}
          <Form.Item label="Property" name="propertyId" {...fieldStatus('propertyId')}>
            <Select
              placeholder="Select property"
              aria-label="Property"
              options={(profile?.properties ?? []).map((p) => ({ label: p.name, value: p.id }))}
            />
          </Form.Item>
          <Form.Item label="Collected by" name="collectedByName" {...fieldStatus('collectedByName')}>
            <MaxLengthInput maxLength={200} />
          </Form.Item>
          <Form.Item label="Location notes" name="locationNotes" {...fieldStatus('locationNotes')}>
            <MaxLengthInput multiline rows={2} maxLength={500} />
          </Form.Item>
          <Form.Item label={`Photos (${photos.length} of ${COLLECTION_PHOTOS_MAX})`} {...fieldStatus('photos')}>
            <Space wrap>
              {photos.map((photo, i) => (
                <PhotoThumb key={i} photo={photo} onRemove={() => setPhotos((all) => all.filter((_p, j) => j !== i))} />
              ))}
            </Space>
            {photos.length < COLLECTION_PHOTOS_MAX && (
              <input
                aria-label="Take a photo"
                type="file"
                accept="image/jpeg,image/png"
                capture="environment"
                multiple
                onChange={(event) => {
                  void addPhotos(event.target.files);
                  event.target.value = '';
                }}
                style={{ display: 'block', marginTop: 8, maxWidth: '100%' }}
              />
            )}
          </Form.Item>
          <Form.Item label="Position" {...fieldStatus('position')}>
            {position ? (
              <Typography.Text data-testid="position">
                {position.latitude.toFixed(6)}, {position.longitude.toFixed(6)} (within {position.accuracyMeters} m)
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">
                {!('geolocation' in navigator)
                  ? 'This phone gives no position.'
                  : (positionProblem ?? 'Finding the position…')}
              </Typography.Text>
            )}{' '}
            <Button size="small" onClick={locate}>
              Update position
            </Button>
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large">
            Save sample
          </Button>
        </Form>
      </Card>
      <Card size="small" title={`Waiting to be sent (${waiting.length})`} style={{ marginTop: 12 }}>
        <List
          size="small"
          dataSource={[...waiting, ...refused]}
          locale={{
            emptyText: <Typography.Text>{'Nothing waiting: every saved sample has been sent.'}</Typography.Text>,
          }}
          renderItem={(entry) => (
            <List.Item
              actions={
                entry.state === 'refused'
                  ? [
                      <Button key="remove" size="small" onClick={() => void discard(entry.clientId)}>
                        Remove
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={entry.model.sampleNumber}
                description={
                  entry.state === 'refused'
                    ? `Not accepted: ${entry.problem}`
                    : `Saved ${showTime(entry.savedAt)}, ${entry.photos.length} photo(s)`
                }
              />
            </List.Item>
          )}
        />
        {waiting.length > 0 && online && (
          <Button onClick={() => void flush()} style={{ marginTop: 8 }}>
            Send now
          </Button>
        )}
      </Card>
      <Card size="small" title={`Sent (${sent.length})`} style={{ marginTop: 12 }}>
        <List
          size="small"
          dataSource={sent}
          locale={{
            emptyText: <Typography.Text>{'Nothing sent from this phone yet.'}</Typography.Text>,
          }}
          renderItem={(entry) => (
            <List.Item>
              <List.Item.Meta title={entry.model.sampleNumber} description={`Sent ${showTime(entry.sentAt ?? 0)}`} />
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}

function PhotoThumb({ photo, onRemove }: { photo: Blob; onRemove: () => void }) {
  const url = useMemo(() => URL.createObjectURL(photo), [photo]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Space orientation="vertical" size={2}>
      <img src={url} alt="Photo of the sample" width={88} height={88} style={{ objectFit: 'cover' }} />
      <Button size="small" onClick={onRemove}>
        Remove
      </Button>
    </Space>
  );
}
