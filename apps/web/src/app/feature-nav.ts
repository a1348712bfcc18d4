// The sidebar's entries from the shell and every feature, sorted by `order`. The layout loads this
// on demand (root-layout.tsx, loadNavEntries) and only where it shows the sidebar: the entries are
// small, but they come with the features' barrels, which hold their route tables too.
import { nav as apisNav } from '@appforge/apis';
import { nav as bundlesNav } from '@appforge/bundles';
import { nav as databasesNav } from '@appforge/databases';
import { nav as domainsNav } from '@appforge/domains';
import { nav as teacherNav } from '@appforge/teacher';
import { composeNav } from './compose-routes';
import { shellNav } from './shell-routes';

export const navEntries = composeNav([
  { name: '@appforge/web (shell)', nav: shellNav },
  { name: '@appforge/databases', nav: databasesNav },
  { name: '@appforge/apis', nav: apisNav },
  { name: '@appforge/bundles', nav: bundlesNav },
  { name: '@appforge/domains', nav: domainsNav },
  { name: '@appforge/teacher', nav: teacherNav },
]);
