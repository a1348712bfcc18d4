import type { CustomDomain, DomainTargetRef } from '@appforge/sdk';
import type { BadgeTone } from '@appforge/ui';

/** A domain's status in words, with the badge tone and what it means for visitors. */
export function statusOf(domain: CustomDomain): { label: string; tone: BadgeTone; meaning: string } {
  if (domain.status === 'verified') {
    return { label: 'Connected', tone: 'success', meaning: `Visitors to ${domain.display} see ${targetWords(domain.target)}.` };
  }
  if (domain.suspended) {
    return { label: 'Suspended', tone: 'danger', meaning: 'Its DNS record disappeared, so the domain stopped serving. It comes back as soon as the record is found again.' };
  }
  if (domain.status === 'failed') {
    return { label: 'Failed', tone: 'danger', meaning: 'The records were not found within 72 hours. Fix them, then press “Check now”.' };
  }
  return { label: 'Waiting for DNS records', tone: 'warning', meaning: 'We check again automatically, more rarely as time passes, for up to 72 hours.' };
}

/** “the app”, “the landing page”, “the bundle”. */
export function targetWords(target: DomainTargetRef): string {
  return target.kind === 'bundle' ? 'the bundle' : target.kind === 'landing_page' ? 'the app’s landing page' : 'the app';
}
