export { APP_TEMPLATES, DEFAULT_TEMPLATE_ID } from './catalogue';
export type { AppTemplate } from './catalogue';
export { buildAppFromDescription, getTemplate, scoreTemplates } from './build-app';
export type { BuiltApp, TemplateMatch } from './build-app';
export {
  OFFLINE_JSON_MARKER,
  OFFLINE_MARKER,
  OFFLINE_MODEL_ID,
  OFFLINE_MODEL_LABEL,
  createOfflineModel,
  offlineJson,
  summariseRequest,
} from './model';
export type { OfflineModelOptions } from './model';
export { OFFLINE_CAPABILITIES, reviseApp } from './revise-app';
export type { Revision, RevisionKind } from './revise-app';
