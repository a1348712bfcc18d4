import { CAP_PERIOD_OPTIONS, CAP_SCOPE_OPTIONS, describeCap, messageOf } from '@appforge/sdk';
import type { AddAllowedUsersResult, ParsedAllowedList, UsageCapInput } from '@appforge/sdk';
import { useAllowedUsersForm, useUsageCapForm } from '@appforge/sdk/react';
import { Button, Select, TextArea, TextField } from '@appforge/ui';

/**
 * How often people may run the app ("each person 20 times a day", or a total): past a limit a
 * run is refused with a message to the visitor and the owner is told once. The owner's own runs
 * are not limited by it.
 */
export function AppRunLimits({ appId }: { appId: string }) {
  const { caps, set, remove, scope, setScope, period, setPeriod, runs, setRuns, problem, submit } = useUsageCapForm({ kind: 'app', id: appId });
  return (
    <section aria-labelledby="app-limits-heading" className="settings-form">
      <h2 id="app-limits-heading" className="settings-subheading">
        Run limits
      </h2>
      {caps.isError ? (
        <p role="alert">{messageOf(caps.error)}</p>
      ) : caps.data && caps.data.length > 0 ? (
        <ul className="settings-access-list" aria-label="Run limits of this app">
          {caps.data.map((cap) => (
            <li key={cap.id}>
              <span>{describeCap(cap, 'app')}</span>
              <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(cap.id)} aria-label={`Remove the limit: ${describeCap(cap, 'app')}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="settings-note">{caps.isPending ? 'Loading…' : 'No limits: people run the app as often as your plan allows.'}</p>
      )}
      <form onSubmit={submit} noValidate className="settings-access-row">
        <Select label="Who" name="scope" value={scope} options={CAP_SCOPE_OPTIONS} onValueChange={(value) => setScope(value as UsageCapInput['scope'])} />
        <TextField label="Runs" name="max_runs" inputMode="numeric" value={runs} onChange={(event) => setRuns(event.target.value)} error={problem ?? undefined} />
        <Select label="Per" name="period" value={period} options={CAP_PERIOD_OPTIONS} onValueChange={(value) => setPeriod(value as UsageCapInput['period'])} />
        <Button type="submit" disabled={set.isPending}>
          Set limit
        </Button>
      </form>
      {set.isError ? <p role="alert">{messageOf(set.error)}</p> : null}
    </section>
  );
}

function AddedReport({ parsed, result }: { parsed: ParsedAllowedList | null; result: AddAllowedUsersResult | undefined }) {
  const invalid = parsed?.invalid ?? [];
  const skipped = (parsed?.duplicates.length ?? 0) + (result?.duplicates.length ?? 0);
  return (
    <div role="status" className="settings-note">
      {result ? <p>{`Added ${result.added.length} · already listed ${result.already_listed.length} · invitations sent ${result.invited}`}</p> : null}
      {invalid.length > 0 ? <p>{`Not added, not an address: ${invalid.slice(0, 20).map((line) => `line ${line.line} (${line.value})`).join(', ')}${invalid.length > 20 ? ', …' : ''}`}</p> : null}
      {skipped > 0 ? <p>{skipped === 1 ? '1 duplicate was skipped.' : `${skipped} duplicates were skipped.`}</p> : null}
    </div>
  );
}

/**
 * People who run the app without paying, after signing in: e-mail addresses or whole @domains,
 * pasted or from a CSV (up to 10,000 at once); each new address gets an invitation e-mail.
 */
export function AppAllowedPeople({ appId }: { appId: string }) {
  const { list, add, remove, text, setText, parsed, problem, submit, readFile } = useAllowedUsersForm({ kind: 'app', id: appId });
  return (
    <section aria-labelledby="app-allowed-heading" className="settings-form">
      <h2 id="app-allowed-heading" className="settings-subheading">
        People who get in free ({list.data?.length ?? 0})
      </h2>
      <form onSubmit={submit} noValidate className="settings-form">
        <TextArea
          label="E-mail addresses or @domains"
          hint="One per line, or a CSV. @school.example lets in everyone at that domain. They sign in and run the app without paying; each new address gets an invitation e-mail."
          name="allowed"
          rows={4}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={problem ?? undefined}
        />
        <label className="settings-note">
          Or load a CSV file <input type="file" accept=".csv,text/csv,text/plain" onChange={readFile} />
        </label>
        <div className="settings-actions">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add people'}
          </Button>
        </div>
        {add.isError ? <p role="alert">{messageOf(add.error)}</p> : null}
        {parsed || add.data ? <AddedReport parsed={parsed} result={add.data} /> : null}
      </form>
      {list.isError ? (
        <p role="alert">{messageOf(list.error)}</p>
      ) : list.data && list.data.length > 0 ? (
        <ul className="settings-access-list" aria-label="People who get in free">
          {list.data.map((row) => (
            <li key={row.id}>
              <span>{row.entry}</span>
              <span className="settings-muted">{row.entry.startsWith('@') ? 'whole domain' : row.invited_at ? 'invited' : 'not invited'}</span>
              <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(row.id)} aria-label={`Remove ${row.entry}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="settings-note">{list.isPending ? 'Loading…' : 'Nobody yet.'}</p>
      )}
    </section>
  );
}
