// How keys read in a list: scope and status in words (dates: formatDate/formatDateTime in @appforge/ui).
import type { ApiKeyStatus } from '@appforge/sdk';
import type { BadgeTone } from '@appforge/ui';

export function scopeLabel(appIds: readonly string[] | null): string {
  if (appIds === null) return 'All apps';
  return appIds.length === 1 ? '1 app' : `${appIds.length} apps`;
}

export const STATUS_LABEL: Record<ApiKeyStatus, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };
export const STATUS_TONE: Record<ApiKeyStatus, BadgeTone> = { active: 'success', expired: 'warning', revoked: 'danger' };

/** Expiry choices on the create form, in days (null: never). */
export const EXPIRY_PRESETS: readonly { value: string; label: string; days: number | null }[] = [
  { value: 'never', label: 'Never', days: null },
  { value: '7', label: 'In 7 days', days: 7 },
  { value: '30', label: 'In 30 days', days: 30 },
  { value: '90', label: 'In 90 days', days: 90 },
  { value: '365', label: 'In a year', days: 365 },
];

/** Grace periods for a rotation, in minutes. */
export const GRACE_PERIODS: readonly { value: string; label: string }[] = [
  { value: '0', label: 'Stop the old key now' },
  { value: '60', label: 'Keep the old key for 1 hour' },
  { value: '1440', label: 'Keep the old key for 24 hours' },
  { value: '10080', label: 'Keep the old key for 7 days' },
];

export const keyPaths = {
  list: '/list-api-keys',
  create: '/api-key',
  key: (apiKeyId: string) => `/api-key/${apiKeyId}`,
  appAccess: (appId: string) => `/api-app-access/${appId}`,
};
