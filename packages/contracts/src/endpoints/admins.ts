// Admins (spec 1 §3 Admin, §7 Admins): search, the admin page, its groups, and the caller's own assigned groups.
import { endpointGroup } from '../endpoint.ts';

const admin = endpointGroup(['admins'], () => import('../schemas.ts'));

export const adminEndpoints = {
  search: admin.get('/admin/search', 'searchAdmins', 'adminManager', (s) => ({
    query: s.adminSearchQuery,
    response: s.pagedResponse(s.adminSearchRow),
  })),
  get: admin.get('/admin/:id', 'getAdmin', 'adminManager', (s) => ({ params: s.idParam, response: s.adminView })),
  securityQuestion: admin.get('/admin/:id/securityquestion', 'getAdminSecurityQuestion', 'adminManager', (s) => ({
    params: s.idParam,
    response: s.securityQuestionView,
  })),
  create: admin.post('/admin', 'createAdmin', 'adminManager', (s) => ({
    body: s.adminCreateRequest,
    response: s.adminView,
  })),
  update: admin.put('/admin/:id', 'updateAdmin', 'adminManager', (s) => ({
    params: s.idParam,
    body: s.adminUpdateRequest,
    response: s.adminView,
  })),
  delete: admin.delete('/admin/:id', 'deleteAdmin', 'adminManager', (s) => ({
    params: s.idParam,
    response: s.okMessage,
  })),
  activate: admin.put('/admin/activate/:id', 'activateAdmin', 'adminManager', (s) => ({
    params: s.idParam,
    response: s.okMessage,
  })),
  deactivate: admin.put('/admin/deactivate/:id', 'deactivateAdmin', 'adminManager', (s) => ({
    params: s.idParam,
    response: s.okMessage,
  })),
  groups: admin.get('/admin/:id/groups', 'getAdminGroups', 'adminManager', (s) => ({
    params: s.idParam,
    response: s.adminGroupsResponse,
  })),
  addToGroup: admin.post('/admin/:id/groups/:groupId', 'addAdminToGroup', 'adminManager', (s) => ({
    params: s.adminGroupParams,
    response: s.adminGroupsResponse,
  })),
  removeFromGroup: admin.delete('/admin/:id/groups/:groupId', 'removeGroupFromAdmin', 'adminManager', (s) => ({
    params: s.adminGroupParams,
    query: s.removeGroupFromAdminQuery,
    response: s.adminGroupsResponse,
  })),
  directlyAssignedGroups: admin.get('/admingroups/directlyassignedgroups', 'directlyAssignedGroups', 'admin', (s) => ({
    response: s.adminGroupsResponse,
  })),
  allStewardedProperties: admin.get('/admingroups/allstewardedproperties', 'allStewardedProperties', 'admin', (s) => ({
    query: s.allStewardedPropertiesQuery,
    response: s.z.array(s.groupSummary),
  })),
};
