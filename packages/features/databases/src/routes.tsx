import type { RouteObject } from 'react-router';

/**
 * The databases feature's pages, each downloaded on demand; all need an allowed, signed-in user
 * (the shell's access gate). Someone else's database id shows "not found" on every page.
 */
export const routes: RouteObject[] = [
  { path: '/databases', lazy: () => import('./pages/databases') },
  { path: '/database/:databaseId', lazy: () => import('./pages/database-overview') },
  { path: '/database/:databaseId/structure', lazy: () => import('./pages/database-structure') },
  { path: '/database/:databaseId/structure/edit', lazy: () => import('./pages/database-structure-edit') },
  { path: '/database/:databaseId/data', lazy: () => import('./pages/database-data') },
  { path: '/database/:databaseId/settings', lazy: () => import('./pages/database-settings') },
];
