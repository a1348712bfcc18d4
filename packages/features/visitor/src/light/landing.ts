// @appforge/visitor/light/landing: the landing page of the light visitor entry (issue 28), a
// module of its own so the entry loads it only for /landing-page/:id.
export { LightLandingPage } from './LightLandingPage';
export type { LightLandingPageProps } from './LightLandingPage';
