// The browser tab's title ('Residents · Oak Ridge Apartments · PetDNA Registry'), kept on the page's h1 for every
// page, signed in or not (the login card, the error screen): one writer, so no page keeps another's title.
import { useEffect } from 'react';
import { BRAND_NAME } from './brand';

/**
 * The tab's title of the parts, most specific first, then the brand. A part said already is said once: the hierarchy's
 * root group bears the brand's name, and its dashboard read 'Dashboard · PetDNA Registry · PetDNA Registry'.
 */
export const documentTitleOf = (...parts: (string | null | undefined | false)[]) =>
  [...new Set([...parts.filter((part): part is string => Boolean(part)), BRAND_NAME])].join(' · ');

/** Follows the page's h1: its data-page-title when the page gave one (PageTitle), else its text. */
export function useTitleFromHeading() {
  useEffect(() => {
    const update = () => {
      const heading = document.querySelector('h1');
      const title = heading
        ? (heading.getAttribute('data-page-title') ?? documentTitleOf(heading.textContent?.trim()))
        : BRAND_NAME;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-page-title'],
    });
    return () => observer.disconnect();
  }, []);
}
