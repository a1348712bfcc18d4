export { startAppforgeBackend, uniqueEmail, setupAppforgeBackend } from './backend';
export type { AppforgeTestBackend, BackendOptions, ClientOptions, TestUser } from './backend';
export { renderWithAppforge, standIn } from './render';
export type { RenderedWithAppforge, RenderWithAppforgeOptions } from './render';
