// Rent-roll sync (issue 42): a property's saved column mapping, the upload that answers what would change, and the apply
// of what staff confirmed. For the admins who manage residents (rentRoll.sync), inside their own groups.
import { endpointGroup } from '../endpoint.ts';
import { uploads } from '../uploads.ts';

const rentRoll = endpointGroup(['rentroll'], () => import('../schemas.ts'));
const SYNC = { right: 'rentRoll.sync' } as const;

export const rentRollEndpoints = {
  mapping: rentRoll.get('/rentroll/:groupId/mapping', 'getRentRollMapping', SYNC, (s) => ({
    params: s.groupIdParam,
    response: s.rentRollMappingView,
  })),
  saveMapping: rentRoll.put('/rentroll/:groupId/mapping', 'saveRentRollMapping', SYNC, (s) => ({
    params: s.groupIdParam,
    body: s.rentRollMapping,
    response: s.rentRollMappingView,
  })),
  preview: rentRoll.post(
    '/rentroll/:groupId/import',
    'importRentRoll',
    SYNC,
    (s) => ({ params: s.groupIdParam, response: s.rentRollProposal }),
    { upload: uploads.tableFile },
  ),
  proposal: rentRoll.get('/rentroll/:groupId/import/:id', 'getRentRollProposal', SYNC, (s) => ({
    params: s.rentRollProposalParam,
    response: s.rentRollProposal,
  })),
  apply: rentRoll.post('/rentroll/:groupId/import/:id/apply', 'applyRentRoll', SYNC, (s) => ({
    params: s.rentRollProposalParam,
    body: s.rentRollApplyRequest,
    response: s.rentRollApplyResult,
  })),
};
