import { CAP_PERIOD_OPTIONS, CAP_SCOPE_OPTIONS, describeCap, messageOf } from '@appforge/sdk';
import type { AllowedItem, UsageCapInput } from '@appforge/sdk';
import { useUsageCapForm } from '@appforge/sdk/react';
import { Button, Select, TextField } from '@appforge/ui';

/** Run caps of a bundle or app: past a cap a run is refused with a message, and the owner is told once. */
export function CapsEditor({ item }: { item: AllowedItem }) {
  const { caps, set, remove, scope, setScope, period, setPeriod, runs, setRuns, problem, submit } = useUsageCapForm(item);
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
        <Select label="Who" name="scope" value={scope} options={CAP_SCOPE_OPTIONS} onValueChange={(value) => setScope(value as UsageCapInput['scope'])} />
        <TextField label="Runs" name="max_runs" inputMode="numeric" value={runs} onChange={(event) => setRuns(event.target.value)} error={problem ?? undefined} />
        <Select label="Per" name="period" value={period} options={CAP_PERIOD_OPTIONS} onValueChange={(value) => setPeriod(value as UsageCapInput['period'])} />
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
