// The sidebar's entries from the shell and every feature, sorted by `order`. Only the layout
// (loaded after sign-in) imports this: the entries are small and static, and with them come the
// features' barrels, which hold their route tables too.
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
