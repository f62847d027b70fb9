// Groups (spec 2 §7 Groups): the tree, a group's details and changes, the per-type create calls, moves, certificate
// customization, adjacent properties, subgroups, the dashboard, the pet-owner group picker, logo upload, stored files.
import { endpointGroup } from '../endpoint.ts';
import { uploads } from '../uploads.ts';

const group = endpointGroup(['groups'], () => import('../schemas.ts'));

const create = (path: string, operationId: string) =>
  group.post(path, operationId, 'adminManager', (s) => ({ body: s.groupCreateRequest, response: s.groupDetails }));

export const groupEndpoints = {
  firstLevel: group.get('/groups/group', 'firstLevelGroups', 'admin', (s) => ({
    query: s.firstLevelGroupsQuery,
    response: s.z.array(s.groupTreeNode),
  })),
  children: group.get('/groups/group/getchildren/:id', 'groupChildren', 'admin', (s) => ({
    params: s.idParam,
    query: s.groupChildrenQuery,
    response: s.z.array(s.groupTreeNode),
  })),
  menu: group.get('/group/getgroupmenuviewmodel/:id', 'groupMenu', 'admin', (s) => ({
    params: s.idParam,
    response: s.groupMenu,
  })),
  get: group.get('/group/:id', 'getGroup', 'admin', (s) => ({ params: s.idParam, response: s.groupDetails })),
  update: group.put('/group/:id', 'updateGroup', 'adminManager', (s) => ({
    params: s.idParam,
    body: s.groupUpdateRequest,
    response: s.groupDetails,
  })),
  delete: group.delete('/group/:id', 'deleteGroup', 'adminManager', (s) => ({
    params: s.idParam,
    query: s.deleteGroupQuery,
    response: s.okMessage,
  })),
  createParentageGroup: create('/parentagegroup', 'createParentageGroup'),
  createProperty: create('/property', 'createProperty'),
  createDistributorship: create('/distributor', 'createDistributorship'),
  createManagementGroup: create('/managementgroup', 'createManagementGroup'),
  createDistributorshipManagementGroup: create(
    '/distributorshipmanagementgroup',
    'createDistributorshipManagementGroup',
  ),
  groupRequested: group.post('/groupadmin/grouprequested/:id', 'groupRequested', 'adminManager', (s) => ({
    params: s.idParam,
    response: s.okMessage,
  })),
  move: group.post('/group/movegroup', 'moveGroup', 'adminManager', (s) => ({
    body: s.moveGroupRequest,
    response: s.okMessage,
  })),
  bulkTransfer: group.post('/group/bulktransfer/:id', 'bulkTransferGroups', 'adminManager', (s) => ({
    params: s.idParam,
    body: s.bulkTransferRequest,
    response: s.okMessage,
  })),
  deactivate: group.post('/group/deactivategroup', 'deactivateGroup', 'adminManager', (s) => ({
    body: s.groupIdBody,
    response: s.okMessage,
  })),
  activate: group.post('/group/activategroup', 'activateGroup', 'adminManager', (s) => ({
    body: s.groupIdBody,
    response: s.okMessage,
  })),
  certificateCustomization: group.get('/certificatecustomization/:id', 'getCertificateCustomization', 'admin', (s) => ({
    params: s.idParam,
    response: s.certificateCustomizationView,
  })),
  updateCertificateCustomization: group.put(
    '/certificatecustomization/:id',
    'updateCertificateCustomization',
    'adminManager',
    (s) => ({ params: s.idParam, body: s.certificateCustomization, response: s.certificateCustomizationView }),
  ),
  addAdjacentProperty: group.put('/property/addadjacentproperty', 'addAdjacentProperty', 'adminManager', (s) => ({
    body: s.adjacentPropertyRequest,
    response: s.z.array(s.adjacentPropertyRef),
  })),
  removeAdjacentProperty: group.put(
    '/property/removeadjacentproperty',
    'removeAdjacentProperty',
    'adminManager',
    (s) => ({
      body: s.adjacentPropertyRequest,
      response: s.z.array(s.adjacentPropertyRef),
    }),
  ),
  adjacentAgreementsUnder: group.get(
    '/group/getadjacentpropertyagreementsundergroup/:id',
    'adjacentAgreementsUnderGroup',
    'admin',
    (s) => ({ params: s.idParam, response: s.z.array(s.adjacentAgreement) }),
  ),
  preRegistrationLink: group.get('/group/:id/preregistrationlink', 'preRegistrationLink', 'admin', (s) => ({
    params: s.idParam,
    response: s.preRegistrationLink,
  })),
  preRegistrationFlyer: group.get('/group/:id/preregistrationflyer', 'preRegistrationFlyer', 'admin', (s) => ({
    params: s.idParam,
    response: s.pdfContent,
  })),
  subgroups: group.get('/subgroups', 'subgroups', 'admin', (s) => ({
    query: s.subgroupsQuery,
    response: s.pagedResponse(s.subgroupRow),
  })),
  dashboard: group.get('/groupdashboard', 'groupDashboard', 'admin', (s) => ({
    query: s.dashboardQuery,
    response: s.dashboardResponse,
  })),
  petOwnerGroupsOfCurrentAdmin: group.get(
    '/group/getpetownergroupsofcurrentadmin',
    'petOwnerGroupsOfCurrentAdmin',
    'admin',
    (s) => ({ query: s.petOwnerGroupsQuery, response: s.pagedResponse(s.petOwnerGroupRow) }),
  ),
  uploadLogo: group.post(
    '/logoupload/postnewlogo/:groupId',
    'uploadGroupLogo',
    'adminManager',
    (s) => ({ params: s.logoUploadParams, response: s.logoUploadResponse }),
    { upload: uploads.logo },
  ),
  // Stored files have random 128-bit names, so knowing the name is the permission (an image tag cannot send a token).
  storedFile: group.get('/files/:name', 'storedFile', 'anonymous', (s) => ({
    params: s.storedFileParams,
    response: s.storedFileContent,
  })),
};

const groupAdmin = endpointGroup(['group admins'], () => import('../schemas.ts'));

export const groupAdminEndpoints = {
  list: groupAdmin.get('/groupadmin/:id', 'groupAdmins', 'admin', (s) => ({
    params: s.idParam,
    query: s.groupAdminsQuery,
    response: s.groupAdminsResponse,
  })),
  create: groupAdmin.post('/groupadmin/:id/createadmin', 'createAdminOnGroup', 'adminManager', (s) => ({
    params: s.idParam,
    body: s.newGroupAdmin,
    response: s.createGroupAdminResponse,
  })),
  addExisting: groupAdmin.put('/groups/:id/admins/:adminId', 'addExistingAdminToGroup', 'adminManager', (s) => ({
    params: s.groupAdminParams,
    response: s.groupAdminsResponse,
  })),
  remove: groupAdmin.delete('/groups/:id/admins/:adminId', 'removeAdminFromGroup', 'adminManager', (s) => ({
    params: s.groupAdminParams,
    query: s.removeGroupAdminQuery,
    response: s.removeGroupAdminResponse,
  })),
  removeFromAllGroups: groupAdmin.post(
    '/groupadmin/removefromallgroups/:id',
    'removeAdminFromAllGroups',
    'adminManager',
    (s) => ({
      params: s.idParam,
      body: s.removeFromAllGroupsRequest.nullish(),
      response: s.okMessage,
    }),
  ),
  setPrimary: groupAdmin.put(
    '/groups/:id/setprimaryadminforgroup/:adminId',
    'setPrimaryAdminForGroup',
    'adminManager',
    (s) => ({
      params: s.groupAdminParams,
      response: s.groupAdminsResponse,
    }),
  ),
};
