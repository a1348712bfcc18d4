import { Card, Switch } from '@appforge/ui';
import { useSyncExternalStore } from 'react';
import { useAuthFeature } from '../lib/auth-context';

/** Analytics consent: opted in or out, remembered on this device (the shell owns the store). */
export function AnalyticsSection() {
  const { analytics } = useAuthFeature();
  const consent = useSyncExternalStore(analytics.subscribe, analytics.getConsent, analytics.getConsent);
  return (
    <Card title="Privacy" description="Product analytics help us see which parts of Appforge work and which confuse people.">
      <Switch
        label="Share anonymous usage analytics"
        hint={
          analytics.enabled
            ? 'Your choice is remembered on this device. Turning it off stops all analytics immediately.'
            : 'Analytics are not configured in this build, so nothing is collected either way.'
        }
        checked={consent === 'granted'}
        onCheckedChange={(checked) => analytics.setConsent(checked ? 'granted' : 'denied')}
      />
    </Card>
  );
}
