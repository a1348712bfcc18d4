/** The product's name, last in every creator-side tab title: "Page name · Appforge". */
export const PRODUCT_NAME = 'Appforge';

/** Between the parts of a tab title, most specific first: "Tests · Planets · Appforge". */
export const TITLE_SEPARATOR = ' · ';

/** One part of a title; `null`, `undefined`, `false` and '' are left out (e.g. a name not loaded yet). */
export type PageTitlePart = string | null | undefined | false;

export interface PageTitleOptions {
  /**
   * Ends the title with "· Appforge" (the default). Turn it off where the product's name does not
   * belong: a creator's own app shown to its visitors, or a page on a custom domain.
   */
  product?: boolean;
}

/**
 * The tab title in the product's one format: the parts, most specific first, then the product's
 * name, joined by " · ". No parts gives "Appforge".
 */
export function pageTitle(parts: PageTitlePart | readonly PageTitlePart[], { product = true }: PageTitleOptions = {}): string {
  const list: readonly PageTitlePart[] = Array.isArray(parts) ? parts : [parts as PageTitlePart];
  const words = list.filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return (product ? [...words, PRODUCT_NAME] : words).join(TITLE_SEPARATOR);
}

export interface PageTitleProps extends PageTitleOptions {
  /** What the page shows, most specific first: `"Bundles"` or `["Tests", app.name]`. */
  title: PageTitlePart | readonly PageTitlePart[];
}

/**
 * Sets the tab's title while it is rendered (issue 29): React 19 hoists a `<title>` into `<head>`
 * and removes it on unmount, so the title underneath (a page below a sign-in screen, the shell's
 * default) comes back by itself. Of two titles on screen, the one rendered later wins. Without
 * any words (product off, parts not loaded yet) it renders nothing.
 */
export function PageTitle({ title, product }: PageTitleProps) {
  const text = pageTitle(title, { product });
  // No words (e.g. a visitor's app still loading): the title underneath stays, rather than a blank tab.
  if (text === '') return null;
  // One string child: React asks a <title> for text, not for an array of parts.
  return <title>{text}</title>;
}
