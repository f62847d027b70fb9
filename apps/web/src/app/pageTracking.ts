// Page views are recorded locally only: the product sends no analytics to third parties.
export interface PageView {
  path: string;
  at: number;
}

const MAX_VIEWS = 200;
const views: PageView[] = [];

export function trackPageView(path: string): void {
  views.push({ path, at: Date.now() });
  if (views.length > MAX_VIEWS) views.shift();
  console.debug('[page-view]', path);
}

export function recordedPageViews(): readonly PageView[] {
  return views;
}
