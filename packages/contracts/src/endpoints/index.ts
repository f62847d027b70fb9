// Every endpoint declaration, by domain. The server registers each; the OpenAPI and coverage tests walk this list.
import type { AnyEndpoint } from '../endpoint.ts';
import { accountEndpoints, settingsEndpoints } from './accounts.ts';
import { adminEndpoints } from './admins.ts';
import { bulkImportEndpoints } from './bulkimport.ts';
import { dnaEndpoints } from './dna.ts';
import { emailTemplateEndpoints } from './emailtemplates.ts';
import { duplicateDogEndpoints } from './duplicatedogs.ts';
import { groupAdminEndpoints, groupEndpoints } from './groups.ts';
import { lookupEndpoints } from './lookups.ts';
import { parentageEndpoints } from './parentage.ts';
import { flaggedSampleEndpoints } from './flaggedsamples.ts';
import { notificationEndpoints } from './notifications.ts';
import { petOwnerEndpoints } from './petowners.ts';
import { petEndpoints } from './pets.ts';
import { preregEndpoints, residentEndpoints } from './residents.ts';
import { reportEndpoints } from './reports.ts';
import { profileReportEndpoints } from './profilereports.ts';
import { searchEndpoints } from './search.ts';
import { systemEndpoints } from './system.ts';
import { wasteSampleEndpoints } from './wastesamples.ts';
import { fieldCollectionEndpoints } from './fieldcollection.ts';
import {
  cartEndpoints,
  orderEndpoints,
  productEndpoints,
  promotionCodeEndpoints,
  providerCodeEndpoints,
  shopSettingsEndpoints,
} from './shop.ts';
import { ancestryEndpoints, partnerEndpoints } from './ancestry.ts';
import { wasteResultEndpoints } from './wasteresults.ts';
import { noMatchClusterEndpoints } from './nomatchclusters.ts';
import { certificateVerificationEndpoints, labSettingsEndpoints } from './certificates.ts';
import { violationEndpoints } from './violations.ts';
import { rentRollEndpoints } from './rentroll.ts';
import { analyticsEndpoints } from './analytics.ts';
import { apiKeyEndpoints } from './apikeys.ts';
import { webhookEndpoints } from './webhooks.ts';

export {
  rentRollEndpoints,
  analyticsEndpoints,
  apiKeyEndpoints,
  webhookEndpoints,
  certificateVerificationEndpoints,
  labSettingsEndpoints,
  ancestryEndpoints,
  cartEndpoints,
  orderEndpoints,
  partnerEndpoints,
  productEndpoints,
  promotionCodeEndpoints,
  providerCodeEndpoints,
  shopSettingsEndpoints,
  accountEndpoints,
  adminEndpoints,
  bulkImportEndpoints,
  dnaEndpoints,
  emailTemplateEndpoints,
  duplicateDogEndpoints,
  groupAdminEndpoints,
  groupEndpoints,
  lookupEndpoints,
  parentageEndpoints,
  flaggedSampleEndpoints,
  notificationEndpoints,
  petOwnerEndpoints,
  petEndpoints,
  preregEndpoints,
  reportEndpoints,
  profileReportEndpoints,
  searchEndpoints,
  residentEndpoints,
  settingsEndpoints,
  systemEndpoints,
  wasteSampleEndpoints,
  fieldCollectionEndpoints,
  wasteResultEndpoints,
  noMatchClusterEndpoints,
  violationEndpoints,
};

export const endpointsByDomain: Record<string, Record<string, AnyEndpoint>> = {
  accounts: accountEndpoints,
  settings: settingsEndpoints,
  admins: adminEndpoints,
  bulkImport: bulkImportEndpoints,
  rentRoll: rentRollEndpoints,
  analytics: analyticsEndpoints,
  dna: dnaEndpoints,
  duplicateDogs: duplicateDogEndpoints,
  parentage: parentageEndpoints,
  flaggedSamples: flaggedSampleEndpoints,
  groups: groupEndpoints,
  groupAdmins: groupAdminEndpoints,
  lookups: lookupEndpoints,
  notifications: notificationEndpoints,
  petOwners: petOwnerEndpoints,
  pets: petEndpoints,
  residents: residentEndpoints,
  prereg: preregEndpoints,
  reports: reportEndpoints,
  profileReports: profileReportEndpoints,
  search: searchEndpoints,
  system: systemEndpoints,
  wasteSamples: wasteSampleEndpoints,
  fieldCollection: fieldCollectionEndpoints,
  products: productEndpoints,
  shopSettings: shopSettingsEndpoints,
  promotionCodes: promotionCodeEndpoints,
  providerCodes: providerCodeEndpoints,
  cart: cartEndpoints,
  orders: orderEndpoints,
  ancestry: ancestryEndpoints,
  partner: partnerEndpoints,
  wasteResults: wasteResultEndpoints,
  noMatchClusters: noMatchClusterEndpoints,
  emailTemplates: emailTemplateEndpoints,
  labSettings: labSettingsEndpoints,
  certificateVerification: certificateVerificationEndpoints,
  violations: violationEndpoints,
  apiKeys: apiKeyEndpoints,
  webhooks: webhookEndpoints,
};
