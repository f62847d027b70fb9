// Waste samples (spec 3 §7 "Waste samples", base /wastesamples/): details, lookup by number, save, receive, delete,
// the customer status actions, flags, history and the bulk transfer. Access comes from the rights table.
import { endpointGroup } from '../endpoint.ts';

const waste = endpointGroup(['wastesamples'], () => import('../schemas.ts'));

/** A status action on one sample that takes the notes as its JSON string body. */
const withNotes = (path: string, operationId: string) =>
  waste.post(path, operationId, { right: 'sample.changeStatus' }, (s) => ({
    params: s.idParam,
    body: s.wasteStatusNotesBody,
    response: s.wasteSampleView,
  }));
const statusAction = (path: string, operationId: string) =>
  waste.post(path, operationId, { right: 'sample.changeStatus' }, (s) => ({
    params: s.idParam,
    response: s.wasteSampleView,
  }));

export const wasteSampleEndpoints = {
  details: waste.get(
    '/wastesamples/getwastesampledetails',
    'getWasteSampleDetails',
    { right: 'wasteSample.view' },
    (s) => ({ query: s.wasteSampleIdQuery, response: s.wasteSampleView }),
  ),
  bySampleNumber: waste.get(
    '/wastesamples/getwastesamplebysamplenumber',
    'getWasteSampleBySampleNumber',
    { right: 'wasteSample.view' },
    (s) => ({ query: s.wasteSampleNumberQuery, response: s.wasteSampleView }),
  ),
  create: waste.post('/wastesamples', 'createWasteSample', { right: 'wasteSample.create' }, (s) => ({
    body: s.wasteSampleSave,
    response: s.wasteSampleSaveResponse,
  })),
  update: waste.put('/wastesamples', 'updateWasteSample', { right: 'wasteSample.edit' }, (s) => ({
    body: s.wasteSampleSave,
    response: s.wasteSampleSaveResponse,
  })),
  delete: waste.delete('/wastesamples/:id', 'deleteWasteSample', { right: 'wasteSample.delete' }, (s) => ({
    params: s.idParam,
    query: s.wasteDeleteQuery,
    response: s.okMessage,
  })),
  isOrphan: waste.post('/wastesamples/isorphan', 'isWasteSampleOrphan', { right: 'wasteSample.view' }, (s) => ({
    query: s.wasteSampleNumberQuery,
    response: s.isOrphanResponse,
  })),
  receive: waste.post(
    '/wastesamples/receivewastesample',
    'receiveWasteSample',
    { right: 'wasteSample.receive' },
    (s) => ({ body: s.wasteSampleSave, response: s.wasteSampleSaveResponse }),
  ),
  reset: statusAction('/wastesamples/resetcustomerfacingstatustoprofilecreated/:id', 'resetWasteSampleStatus'),
  history: waste.get('/wastesamples/getsamplehistory', 'getWasteSampleHistory', { right: 'wasteSample.view' }, (s) => ({
    query: s.wasteSampleNumberQuery,
    response: s.sampleHistory,
  })),
  reject: withNotes('/wastesamples/reject/:id', 'rejectWasteSample'),
  void: withNotes('/wastesamples/void/:id', 'voidWasteSample'),
  unvoid: withNotes('/wastesamples/unvoid/:id', 'unvoidWasteSample'),
  accept: statusAction('/wastesamples/accept/:id', 'acceptWasteSample'),
  expire: statusAction('/wastesamples/expire/:id', 'expireWasteSample'),
  reinstate: statusAction('/wastesamples/reinstate/:id', 'reinstateWasteSample'),
  flag: waste.post('/wastesamples/flag/:id', 'flagWasteSample', { right: 'sample.flag' }, (s) => ({
    params: s.idParam,
    body: s.wasteFlagNotesBody,
    response: s.wasteSampleView,
  })),
  unflag: waste.put('/wastesamples/unFlag/:id', 'unflagWasteSample', { right: 'sample.flag' }, (s) => ({
    params: s.idParam,
    response: s.wasteSampleView,
  })),
  bulkTransfer: waste.post(
    '/wastesamples/bulktransfer',
    'bulkTransferWasteSamples',
    { right: 'wasteSample.transfer' },
    (s) => ({ body: s.wasteBulkTransferRequest, response: s.okMessage }),
  ),
};
