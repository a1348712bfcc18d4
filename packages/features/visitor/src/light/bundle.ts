// @appforge/visitor/light/bundle: the public bundle page of the light visitor entry (issue 28), a
// module of its own so the entry loads it only for /bundle/:id.
export { LightBundlePage } from './LightBundlePage';
export type { LightBundlePageProps } from './LightBundlePage';
