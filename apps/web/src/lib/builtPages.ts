// The one list of pages that exist. A link is rendered only to a page on this list, so no built page links to an
// unbuilt one (an unknown URL would only bounce through the spec 1 §2 fallback). Add a page here when its route is built.

/** Route patterns as the router declares them ($param, {-$optional}). builtPages.test.ts keeps this equal to the router. */
export const BUILT_PAGES = [
  '/login',
  '/collect',
  '/wastesample/$id/custody',
  '/group/$id/wastemap',
  '/forgot',
  '/resetpassword',
  '/token-login',
  '/account/manage',
  '/choose-group',
  '/admin',
  '/admin/$adminId',
  '/admin/details/$adminId',
  '/system/documents',
  '/system/lab-settings',
  '/system/emaillog',
  '/system/emailtemplates',
  '/system/audit-log',
  '/system/page-views',
  '/dna/processing',
  '/dna/controls',
  '/dna/sample-data',
  '/dna/wasteresults',
  '/dna/nomatchreruns',
  '/wasteresultset/{-$id}',
  '/tools/platefiles',
  '/tools/search',
  '/reports/tdaudit',
  '/reports/inventory',
  '/reports/resident-registrations-request',
  '/reports/propertyexports',
  '/reports/duplicate-dog',
  '/reports/gendermismatch',
  '/reports/pooprintsdetail',
  '/reports/pooprintsdetailresult',
  '/reports/emailexports',
  '/reports/productbyplate',
  '/reports/pooprintstd',
  '/reports/pooprintsnomatchtomatch',
  '/tools/bulkupload',
  '/petowner/$petOwnerId/{-$sampleNumber}',
  '/group/$id/dashboard',
  '/group/$id',
  '/group/$id/admins',
  '/group/$id/subgroups',
  '/group/$id/petowners',
  '/tools/unassignedpetowners',
  '/group/$id/pets',
  '/tools/orphans',
  '/parentage',
  '/group/$id/parentage',
  '/tools/parentage/test',
  '/tools/parentage/lookup',
  '/lab-tools/duplicate-dog-report',
  '/lab-tools/no-match-clusters',
  '/reports/no-match-clusters',
  '/tools/similardnaprofiles',
  '/tools/petbarcodescanner',
  '/reg/overview',
  '/shop/offers',
  '/shop/summary',
  '/ecommerce/products',
  '/ecommerce/promotion-codes',
  '/ecommerce/settings',
  '/tools/orders-list',
  '/shop/orders',
  '/shop/orders/$orderId',
  '/tools/pet-owner-assigned-promotion-codes',
  '/lab-tools/ancestry-fulfillment',
  '/lifeplans',
  '/group/$id/residents',
  '/group/$id/preregistration',
  '/group/$id/moveouts',
  '/group/$id/rentroll',
  '/group/$id/fines',
  '/group/$id/apikeys',
  '/group/$id/webhooks',
  '/notices',
  '/notices/$id',
  '/violations/$id',
  '/reports/program-analytics',
  '/lab-tools/lab-analytics',
  '/group/$id/flaggedsamples',
  '/group/$id/results',
  '/notifications',
  '/resident/$residentId',
  '/reg',
  '/reg/success',
  '/reg/$propertyCode',
  '/verify/$code',
  '/tools/scanwastebarcode',
  '/tools/enterwastesample',
] as const;

function patternRegex(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith('{-$')
        ? '(?:/[^/]+)?'
        : segment.startsWith('$')
          ? '/[^/]+'
          : `/${segment.replace(/[.*+?^()|[\]\\]/g, '\\$&')}`,
    )
    .join('');
  return new RegExp(`^${body}/?$`, 'i');
}
const PATTERNS = BUILT_PAGES.map(patternRegex);

/** True when the URL (a path, or an absolute URL on this app's origin) is a page that exists. */
export function isBuiltPage(url: string, origin = globalThis.location?.origin ?? 'http://localhost'): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return false;
  }
  if (parsed.origin !== new URL(origin).origin) return false;
  return PATTERNS.some((pattern) => pattern.test(parsed.pathname));
}
