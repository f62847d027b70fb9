// Test mode fills every form of the app (spec 1 §9): each feature file with a form has a FillWithTestData button, or
// is listed here with the reason it has nothing to invent. A new form joins with one line, either way.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fakeData } from './fakeData';

const FEATURES = join(dirname(fileURLToPath(import.meta.url)), '../features');

/** Forms with nothing for test mode to fill, by path under features/, with the reason. */
const NOT_FILLED: Record<string, string> = {
  'groups/components/PetOwnerGroupSearchModal.tsx': 'a search: the filters are what the user is looking for',
  'petowners/components/PetOwnerSearchModal.tsx': 'a search: the filters are what the user is looking for',
  'lookups/AddressForm.tsx': 'a part of other forms, filled with the form it sits in',
  'accounts/ForgotPage.tsx': 'signed out: the email is the user’s own',
  'accounts/ResetPasswordPage.tsx': 'a password of the user’s own choosing',
  'accounts/components/ChangePasswordCard.tsx': 'passwords of the user’s own choosing',
  'admins/AdminSearchPage.tsx': 'search filters',
  'groups/GroupAdminsPage.tsx': 'a pick among existing admins',
  'groups/GroupSubgroupsPage.tsx': 'list filters',
  'system/AuditLogPage.tsx': 'list filters',
  'system/EmailLogPage.tsx': 'list filters',
  'system/PageViewsPage.tsx': 'list filters',
  'wasteresults/components/WasteSampleControls.tsx':
    'status notes written by the lab and what was recorded at collection',
  'wasteresults/components/ResultNotesModal.tsx': 'notes on a result, written by the lab',
  'dna/ControlsPage.tsx': 'list filters and a panel pick',
  'dna/DnaProcessingPage.tsx': 'list filters and lab status picks',
  'dna/PlateFilesPage.tsx': 'list filters and a plate rename',
  'dna/SampleDataPage.tsx': 'a sample number lookup',
  'reports/TdAuditReportPage.tsx': 'report filters',
  'reports/ResidentRegistrationsPage.tsx': 'report filters',
  'reports/PropertyExportsPage.tsx': 'report filters and an export option',
  'search/UniversalSearchPage.tsx': 'a search query',
  'dna/components/NewPanelModal.tsx': 'the lab’s own marker list and bins, from its panel or bin file',
  'wasteresults/WasteResultsPage.tsx': 'list filters',
  'wasteresults/ResultSetPage.tsx': 'an analyst’s override of the matched sample number and notes on the run',
  'dna/components/UploadPlateModal.tsx': 'a GeneMapper file of the lab’s own; the rest are checkboxes',
  'petowners/UnassignedPetOwnersPage.tsx': 'list filters',
  'petowners/components/GroupPetOwnersList.tsx': 'list filters',
  'pets/GroupPetsPage.tsx': 'list filters',
  'analytics/LabAnalyticsPage.tsx': 'a period pick',
  'analytics/ProgramAnalyticsPage.tsx': 'a group and period pick',
  'apikeys/ApiKeysPage.tsx': 'a key named and scoped by the admin for their own software',
  'webhooks/WebhooksPage.tsx': 'the address of the admin’s own receiver',
  'fieldcollection/CollectPage.tsx': 'what the collector scans, photographs and sees on site',
  'fieldcollection/CollectionPointsPage.tsx': 'map filters',
  'rentroll/RentRollPage.tsx': 'a column mapping of the property’s own rent-roll file',
  'violations/FinesPage.tsx': 'ledger filters',
  'violations/components/ScheduleCard.tsx': 'the fine amounts and days the property decides',
  'violations/components/DecisionModal.tsx': 'the reviewer’s decision and its notes',
  'violations/components/AnswerCard.tsx': 'a pet owner’s own reason (pet owners never have test mode)',
  'violations/components/PayCard.tsx': 'a pet owner’s own card (pet owners never have test mode)',
  'flaggedsamples/FlaggedSamplesPage.tsx': 'list filters',
  'pets/OrphansPage.tsx': 'list filters',
  'pets/SampleActions.tsx': 'notes of a status change, written by the lab',
  'parentage/ParentagePage.tsx': 'list filters',
  'parentage/ExecuteTestModal.tsx': 'a pick of the owner’s own dogs or their DN numbers',
  'parentage/ResultHistoryModal.tsx': 'notes and a verdict written by the lab',
  'parentage/ParentageToolsPage.tsx': 'DN numbers of registered dogs (test data would name none)',
  'duplicatedogs/DuplicateDogReportPage.tsx': 'list filters',
  'duplicatedogs/SimilarProfilesPage.tsx': 'a sample number and marker thresholds',
  'prereg/PreRegCodePage.tsx': 'the property’s own code',
  'residents/MoveOutsPage.tsx': 'list filters',
  'residents/PreregistrationPage.tsx': 'list filters',
  'residents/ResidentsPage.tsx': 'list filters',
  'shop/ProductsPage.tsx': 'a product of the provider’s own catalogue (SKU, name, price)',
  'shop/CodesPage.tsx': 'list filters and a code the provider or the partner issued',
  'shop/DogProductsPanel.tsx': 'a code the provider issued',
  'shop/ShopSettingsPage.tsx': 'a pick of countries',
  'shop/OrdersListPage.tsx': 'list filters and a code the provider issued',
  'shop/ShopSummaryPage.tsx': 'the buyer’s own card and billing address (test cards: docs/operations.md)',
  'ancestry/AncestryFulfillmentPage.tsx': 'plate numbers, tube codes and tracking numbers read off the physical kits',
  'residents/components/ApproveDogsModal.tsx': 'a pick of the resident’s own dogs and their kit sample numbers',
  'emailtemplates/EmailTemplatesPage.tsx': 'the staff’s own letter text and event settings',
  'nomatchclusters/NoMatchClustersPage.tsx': 'list filters',
  'nomatchclusters/components/MoveCandidateModal.tsx': 'a pick among the lab’s existing clusters',
  'wasteresults/GroupResultsPage.tsx': 'list filters',
  'wasteresults/components/GroupResultModals.tsx': 'flag notes and a transfer target picked by the admin',
  'reports/GenderMismatchReportPage.tsx': 'report filters',
  'reports/DuplicateDogsReportPage.tsx': 'report filters',
  'reports/TdReportPage.tsx': 'report filters',
  'reports/EmailExportsPage.tsx': 'report filters and sign-in link settings',
  'reports/DetailReportPages.tsx': 'report filters and column choices',
  'reports/ProductByPlatePage.tsx': 'report filters',
  'reports/NoMatchToMatchPage.tsx': 'report filters',
};

function featureFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return featureFiles(path);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [path] : [];
  });
}

// A FilterBar is a form too (the list's inline filter form), and so is a ReportPage (it holds the report's FilterBar).
const hasForm = (source: string) => /<(Form|FilterBar|ReportPage)[\s>]|Form\.useForm/.test(source);

describe('test mode on every form', () => {
  const files = featureFiles(FEATURES).map((path) => ({
    name: relative(FEATURES, path).split('\\').join('/'),
    source: readFileSync(path, 'utf8'),
  }));

  it('every form offers "Fill with test data" or says why it has nothing to fill', () => {
    const missing = files
      .filter((file) => hasForm(file.source) && !(file.name in NOT_FILLED))
      .filter((file) => !file.source.includes('<FillWithTestData'))
      .map((file) => file.name);
    expect(missing, 'add <FillWithTestData form={form} values={(fake) => ...} /> or a NOT_FILLED line').toEqual([]);
  });

  it('lists no file that has no form any more', () => {
    const withForms = new Set(files.filter((file) => hasForm(file.source)).map((file) => file.name));
    expect(Object.keys(NOT_FILLED).filter((name) => !withForms.has(name))).toEqual([]);
  });

  it('the generator gives plausible values (sample weights 10 to 150)', () => {
    for (let i = 0; i < 200; i++) {
      for (const weight of [fakeData.sampleWeight(), fakeData.dog().weight]) {
        expect(weight).toBeGreaterThanOrEqual(10);
        expect(weight).toBeLessThanOrEqual(150);
      }
    }
    expect(fakeData.person().email).toMatch(/@example\.com$/);
    expect(fakeData.document().content).toMatch(/^<p>.+<\/p>$/);
    expect(fakeData.notes().length).toBeGreaterThan(0);
    expect(Object.values(fakeData.certificate()).every((text) => text.length > 0 && text.length <= 200)).toBe(true);
  });
});
