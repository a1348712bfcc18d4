import type { RouteObject } from 'react-router';

/**
 * The AI builder (`/ai-builder/:appId/:currentVersionId`: chat, live preview, versions) and
 * "describe a change" (`/create-app-ai-changes/:appId`). Owner-only; each page loads on demand.
 */
export const aiBuilderRoutes: RouteObject[] = [
  { path: '/ai-builder/:appId/:currentVersionId', lazy: () => import('./pages/ai-builder') },
  { path: '/create-app-ai-changes/:appId', lazy: () => import('./pages/ai-changes') },
];
