import type { DomainScope, DomainTargetRef } from '@appforge/sdk';

export interface TargetChoice {
  value: DomainTargetRef['kind'];
  label: string;
}

/** What a domain of this app or bundle can show. */
export function targetChoices(scope: DomainScope): TargetChoice[] {
  return 'appId' in scope
    ? [
        { value: 'app', label: 'The app itself' },
        { value: 'landing_page', label: 'The app’s landing page' },
      ]
    : [{ value: 'bundle', label: 'The bundle page' }];
}

export function targetRef(scope: DomainScope, kind: DomainTargetRef['kind']): DomainTargetRef {
  if ('bundleId' in scope) return { kind: 'bundle', bundle_id: scope.bundleId };
  return { kind: kind === 'landing_page' ? 'landing_page' : 'app', app_id: scope.appId };
}
