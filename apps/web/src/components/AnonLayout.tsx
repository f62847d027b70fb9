import { AppFooter } from './AppFooter';
import { BRAND_NAME, PRODUCT_VERSION } from '../lib/brand';

/**
 * Frame for the signed-out screens: brand, one centred card, the footer. Plain elements rather
 * than antd Layout/Card/Typography keep the login page's first load small.
 */
export function AnonLayout({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="anon-page">
      <main className="anon-content">
        <div className="anon-brand">
          {BRAND_NAME} <span className="app-version">{PRODUCT_VERSION}</span>
        </div>
        <section className="anon-card" aria-labelledby="anon-card-title">
          <h1 id="anon-card-title" className="anon-card-title">
            {title}
          </h1>
          <div className="anon-card-body">{children}</div>
        </section>
      </main>
      <AppFooter />
    </div>
  );
}
