import { appforgeKeys } from '@appforge/sdk/react';

// Under the SDK's myDomains key, so adding, switching or removing a domain (which invalidates
// the person's domains) refreshes this list too.
export const domainKeys = {
  allMine: (userId: string | undefined) => appforgeKeys.myDomains(userId, { all: true }),
};
