// Signed-in routes: A group and its people and pets: dashboard, details, admins, subgroups, pet owners, pets, residents, results.
// Each page is loaded on demand; its URL state is validated by the schema the page itself parses with (searchOf).
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../lazyPage';
import { appRoute } from './base';
import { searchOf } from './searchOf';
import { pageData } from './pageData';

// The landing pages' modules, for their routes' loader (pageData) and component alike.
const petOwnerPage = () => import('../../features/petowners/PetOwnerPage');
const groupDashboardPage = () => import('../../features/groups/GroupDashboardPage');

const petOwnerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/petowner/$petOwnerId/{-$sampleNumber}',
  loader: pageData(petOwnerPage),
  component: lazyPage(petOwnerPage, 'PetOwnerPage'),
});
const groupDashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/dashboard',
  ...searchOf.groupDashboard,
  loaderDeps: ({ search }) => ({ dashboardMode: search.dashboardMode }),
  loader: pageData(groupDashboardPage),
  component: lazyPage(groupDashboardPage, 'GroupDashboardPage'),
});
const groupDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id',
  component: lazyPage(() => import('../../features/groups/GroupDetailsPage'), 'GroupDetailsPage'),
});
const groupAdminsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/admins',
  component: lazyPage(() => import('../../features/groups/GroupAdminsPage'), 'GroupAdminsPage'),
});
const groupApiKeysRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/apikeys',
  component: lazyPage(() => import('../../features/apikeys/ApiKeysPage'), 'ApiKeysPage'),
});
const groupWebhooksRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/webhooks',
  component: lazyPage(() => import('../../features/webhooks/WebhooksPage'), 'WebhooksPage'),
});
const groupSubgroupsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/subgroups',
  ...searchOf.groupSubgroups,
  component: lazyPage(() => import('../../features/groups/GroupSubgroupsPage'), 'GroupSubgroupsPage'),
});
const groupPetOwnersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/petowners',
  ...searchOf.groupPetOwners,
  component: lazyPage(() => import('../../features/petowners/GroupPetOwnersPage'), 'GroupPetOwnersPage'),
});
const unassignedPetOwnersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/unassignedpetowners',
  ...searchOf.unassignedPetOwners,
  component: lazyPage(() => import('../../features/petowners/UnassignedPetOwnersPage'), 'UnassignedPetOwnersPage'),
});
const groupPetsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/pets',
  ...searchOf.groupPets,
  component: lazyPage(() => import('../../features/pets/GroupPetsPage'), 'GroupPetsPage'),
});
const groupParentageRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/parentage',
  ...searchOf.parentage,
  component: lazyPage(() => import('../../features/parentage/ParentagePage'), 'GroupParentagePage'),
});
const groupResidentsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/residents',
  ...searchOf.groupResidents,
  component: lazyPage(() => import('../../features/residents/ResidentsPage'), 'ResidentsPage'),
});
const groupPreregistrationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/preregistration',
  ...searchOf.groupPreregistration,
  component: lazyPage(() => import('../../features/residents/PreregistrationPage'), 'PreregistrationPage'),
});
const groupMoveOutsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/moveouts',
  ...searchOf.groupMoveOuts,
  component: lazyPage(() => import('../../features/residents/MoveOutsPage'), 'MoveOutsPage'),
});
const groupRentRollRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/rentroll',
  component: lazyPage(() => import('../../features/rentroll/RentRollPage'), 'RentRollPage'),
});
const groupFlaggedSamplesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/flaggedsamples',
  ...searchOf.groupFlaggedSamples,
  component: lazyPage(() => import('../../features/flaggedsamples/FlaggedSamplesPage'), 'FlaggedSamplesPage'),
});
const groupResultsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/results',
  ...searchOf.groupResults,
  component: lazyPage(() => import('../../features/wasteresults/GroupResultsPage'), 'GroupResultsPage'),
});
const groupFinesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/fines',
  ...searchOf.groupFines,
  component: lazyPage(() => import('../../features/violations/FinesPage'), 'FinesPage'),
});
const violationNoticeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/violations/$id',
  component: lazyPage(() => import('../../features/violations/NoticePage'), 'NoticePage'),
});
const myNoticesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/notices',
  component: lazyPage(() => import('../../features/violations/MyNoticesPage'), 'MyNoticesPage'),
});
const myNoticeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/notices/$id',
  component: lazyPage(() => import('../../features/violations/MyNoticePage'), 'MyNoticePage'),
});
const residentDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/resident/$residentId',
  component: lazyPage(() => import('../../features/residents/ResidentDetailsPage'), 'ResidentDetailsPage'),
});

export const groupsRoutes = [
  petOwnerRoute,
  groupDashboardRoute,
  groupDetailsRoute,
  groupAdminsRoute,
  groupApiKeysRoute,
  groupWebhooksRoute,
  groupSubgroupsRoute,
  groupPetOwnersRoute,
  unassignedPetOwnersRoute,
  groupPetsRoute,
  groupParentageRoute,
  groupResidentsRoute,
  groupPreregistrationRoute,
  groupMoveOutsRoute,
  groupRentRollRoute,
  groupFlaggedSamplesRoute,
  groupResultsRoute,
  groupFinesRoute,
  violationNoticeRoute,
  myNoticesRoute,
  myNoticeRoute,
  residentDetailsRoute,
] as const;
