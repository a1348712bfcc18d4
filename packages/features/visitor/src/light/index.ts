// @appforge/visitor/light: the visitor's pages for the light visitor entry (apps/web
// visitor.html), without react-router, TanStack Query or the full SDK.
export { LightDeployedApp } from './LightDeployedApp';
export type { LightDeployedAppProps } from './LightDeployedApp';
