import type { RouteObject } from 'react-router';

/**
 * The step-by-step editor (seed §2.1): a version's steps, one step, deleting a step, its next-step
 * selector, change version, the database link and deploy. Every page downloads on demand; the
 * prompt editor (CodeMirror) only with the step page.
 */
export const editorRoutes: RouteObject[] = [
  {
    path: '/create-app/:appId/:versionId',
    lazy: () => import('./pages/version-editor'),
    children: [
      { index: true, lazy: () => import('./pages/step-list') },
      { path: ':stepId', lazy: () => import('./pages/step') },
      { path: ':stepId/delete', lazy: () => import('./pages/step-delete') },
      { path: ':stepId/next-step-selector', lazy: () => import('./pages/next-step-selector') },
    ],
  },
  { path: '/create-app-change-version/:appId/:versionId', lazy: () => import('./pages/change-version') },
  { path: '/create-app-change-version-confirm/:appId/:versionId/:newVersionId', lazy: () => import('./pages/change-version-confirm') },
  { path: '/create-app-database/:appId/:versionId', lazy: () => import('./pages/database') },
  { path: '/create-app-database-new/:appId/:versionId', lazy: () => import('./pages/database-new') },
  { path: '/create-app-deploy/:appId/:versionId', lazy: () => import('./pages/deploy') },
];
