import { Badge } from '@appforge/ui';

/**
 * Says that Appforge's built-in offline model wrote this run's text, not a real language model
 * (PRODUCT.md §2: its output is labelled wherever it shows).
 */
export function OfflineBadge() {
  return (
    <Badge tone="warning" className="visitor-offline-badge" title="No AI service is connected: Appforge's built-in offline model answered with a summary of your inputs.">
      Offline model
    </Badge>
  );
}
