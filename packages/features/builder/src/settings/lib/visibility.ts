import type { AppVisibility } from '@appforge/sdk';

export interface VisibilityLevel {
  value: AppVisibility;
  label: string;
  /** Who can open the deployed app, in words a creator understands. */
  explanation: string;
}

/** PRODUCT.md §3's four levels, from most to least open; run-app enforces the same rules. */
export const VISIBILITY_LEVELS: readonly VisibilityLevel[] = [
  {
    value: 'public',
    label: 'Public',
    explanation: 'Anyone can open the app without signing in, and you can promote it anywhere: its landing page, bundles, your own domain.',
  },
  {
    value: 'unlisted',
    label: 'Unlisted',
    explanation:
      'Anyone who has the link can open the app without signing in, but it is not promoted anywhere: share the link with the people you want.',
  },
  {
    value: 'signed_in',
    label: 'Signed-in people',
    explanation: 'Only people signed in to Appforge can open the app; visitors are asked to sign in first.',
  },
  {
    value: 'allowed_users',
    label: 'Only people you allow',
    explanation:
      'Only you and the people you give access to (such as a bundle’s allowed users) can open the app; anyone else is told it is open only to the people its owner chose.',
  },
];

export function visibilityLabel(value: AppVisibility): string {
  return VISIBILITY_LEVELS.find((level) => level.value === value)?.label ?? value;
}
