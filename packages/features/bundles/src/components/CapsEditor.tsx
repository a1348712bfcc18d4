import { describeCap, parseCapRuns } from '@appforge/sdk';
import type { AllowedItem, UsageCapInput } from '@appforge/sdk';
import { useRemoveUsageCap, useSetUsageCap, useUsageCaps } from '@appforge/sdk/react';
import { Button, Select, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { messageOf } from '../lib/message';

const SCOPES = [
  { value: 'each_person', label: 'Each person' },
  { value: 'everyone', label: 'Everyone together' },
];
const PERIODS = [
  { value: 'day', label: 'a day' },
  { value: 'month', label: 'a month' },
];

/** Run caps of a bundle or app: past a cap a run is refused with a message, and the owner is told once. */
export function CapsEditor({ item }: { item: AllowedItem }) {
  const caps = useUsageCaps(item);
  const set = useSetUsageCap();
  const remove = useRemoveUsageCap();
  const [scope, setScope] = useState<UsageCapInput['scope']>('each_person');
  const [period, setPeriod] = useState<UsageCapInput['period']>('day');
  const [runs, setRuns] = useState('20');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const maxRuns = parseCapRuns(runs);
    if (maxRuns === null) {
      setProblem('Enter a whole number of runs from 1 to 1,000,000.');
      return;
    }
    setProblem(null);
    set.mutate({ item, cap: { scope, period, max_runs: maxRuns } });
  };
  return (
    <section aria-labelledby="caps-heading" className="bundles-form">
      <h2 id="caps-heading">Run limits</h2>
      {caps.data && caps.data.length > 0 ? (
        <ul className="bundles-allowed">
          {caps.data.map((cap) => (
            <li key={cap.id}>
              <span>{describeCap(cap)}</span>
              <Button size="sm" variant="ghost" onClick={() => remove.mutate(cap.id)} aria-label={`Remove the limit: ${describeCap(cap)}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="bundles-muted">No limits: people run the apps as often as your plan allows.</p>
      )}
      <form onSubmit={submit} noValidate className="bundles-row">
        <Select label="Who" name="scope" value={scope} options={SCOPES} onValueChange={(value) => setScope(value as UsageCapInput['scope'])} />
        <TextField label="Runs" name="max_runs" inputMode="numeric" value={runs} onChange={(event) => setRuns(event.target.value)} error={problem ?? undefined} />
        <Select label="Per" name="period" value={period} options={PERIODS} onValueChange={(value) => setPeriod(value as UsageCapInput['period'])} />
        <Button type="submit" disabled={set.isPending}>
          Set limit
        </Button>
      </form>
      {set.isError ? (
        <p role="alert" className="bundles-error">
          {messageOf(set.error)}
        </p>
      ) : null}
    </section>
  );
}
