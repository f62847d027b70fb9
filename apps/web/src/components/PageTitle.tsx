// A page's heading: its one h1, the browser tab's title ('Residents · Oak Ridge Apartments · PetDNA Registry') and, on
// a page below a list, the breadcrumb back up to it. The heading wraps on a phone without breaking words; the actions
// beside it wrap under it.
import { Link } from '@tanstack/react-router';
import { Breadcrumb, Typography } from 'antd';
import { documentTitleOf } from '../lib/documentTitle';

export type Crumb = { label: string; to?: string; params?: Record<string, string> };

const textOf = (node: React.ReactNode): string =>
  typeof node === 'string' || typeof node === 'number' ? String(node) : '';

export function PageTitle({
  children,
  extra,
  title,
  breadcrumbs,
}: {
  children: React.ReactNode;
  extra?: React.ReactNode;
  /** The tab's title when the heading is not plain text (or should say more), most specific part first. */
  title?: string | (string | null | undefined)[];
  /** The way back up: the list and its group above this page, the page itself last (not a link). */
  breadcrumbs?: Crumb[];
}) {
  const parts = Array.isArray(title) ? title : [title ?? textOf(children)];
  const documentTitle = parts.some(Boolean) ? documentTitleOf(...parts) : undefined;
  return (
    <>
      {breadcrumbs && breadcrumbs.length > 0 && (
        <nav aria-label="Breadcrumb" className="page-breadcrumbs">
          <Breadcrumb
            items={breadcrumbs.map((crumb) => ({
              title: crumb.to ? (
                <Link to={crumb.to} params={crumb.params}>
                  {crumb.label}
                </Link>
              ) : (
                crumb.label
              ),
            }))}
          />
        </nav>
      )}
      <div className="page-title">
        <Typography.Title level={1} className="page-title__heading" data-page-title={documentTitle}>
          {children}
        </Typography.Title>
        {extra && <div className="page-title__actions">{extra}</div>}
      </div>
    </>
  );
}
