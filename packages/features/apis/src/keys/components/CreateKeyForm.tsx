import { messageOf } from '@appforge/sdk';
import type { CreatedApiKey } from '@appforge/sdk';
import { useCreateApiKey, useMyApps } from '@appforge/sdk/react';
import { Button, Select, TextField } from '@appforge/ui';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { EXPIRY_PRESETS } from '../lib/format';

export interface CreateKeyFormProps {
  onCreated: (created: CreatedApiKey) => void;
}

/** Name, scope (all apps or chosen ones), expiry preset and rate limit of a new key. */
export function CreateKeyForm({ onCreated }: CreateKeyFormProps) {
  const apps = useMyApps();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'all' | 'chosen'>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [expiry, setExpiry] = useState('never');
  const [limit, setLimit] = useState('60');
  const [problem, setProblem] = useState<string | null>(null);
  const scopeId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (name.trim() === '') return setProblem('Give the key a name, e.g. where it will be used.');
    if (scope === 'chosen' && chosen.length === 0) return setProblem('Choose at least one app, or allow all your apps.');
    const perMinute = Number(limit);
    if (!Number.isInteger(perMinute) || perMinute < 1 || perMinute > 1000) return setProblem('The rate limit is a whole number from 1 to 1000.');
    const days = EXPIRY_PRESETS.find((preset) => preset.value === expiry)?.days ?? null;
    create.mutate(
      {
        name: name.trim(),
        app_ids: scope === 'all' ? null : chosen,
        expires_at: days === null ? null : new Date(Date.now() + days * 86_400_000).toISOString(),
        rate_limit_per_minute: perMinute,
      },
      { onSuccess: onCreated },
    );
  };

  return (
    <form className="af-keys-form" onSubmit={submit} noValidate aria-label="New API key">
      <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} maxLength={100} required hint="Where the key is used, e.g. “Website backend”." />
      <fieldset className="af-keys-scope">
        <legend id={scopeId}>Apps this key may call</legend>
        <label>
          <input type="radio" name="scope" checked={scope === 'all'} onChange={() => setScope('all')} /> All my apps
        </label>
        <label>
          <input type="radio" name="scope" checked={scope === 'chosen'} onChange={() => setScope('chosen')} /> Only the apps I choose
        </label>
        {scope === 'chosen' ? (
          <div className="af-keys-apps" role="group" aria-labelledby={scopeId}>
            {apps.data?.length === 0 ? <p>You have no apps yet.</p> : null}
            {(apps.data ?? []).map((app) => (
              <label key={app.id}>
                <input
                  type="checkbox"
                  checked={chosen.includes(app.id)}
                  onChange={(event) => {
                    const { checked } = event.target;
                    setChosen((current) => (checked ? [...current, app.id] : current.filter((id) => id !== app.id)));
                  }}
                />{' '}
                {app.name}
              </label>
            ))}
          </div>
        ) : null}
      </fieldset>
      <Select label="Expires" options={EXPIRY_PRESETS.map(({ value, label }) => ({ value, label }))} value={expiry} onValueChange={setExpiry} />
      <TextField
        label="Runs per minute"
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        value={limit}
        onChange={(event) => setLimit(event.target.value)}
        hint="Calls beyond this get 429 with Retry-After."
      />
      {problem !== null || create.isError ? (
        <p role="alert" className="af-keys-error">
          {problem ?? messageOf(create.error)}
        </p>
      ) : null}
      <Button type="submit" loading={create.isPending}>
        Create key
      </Button>
    </form>
  );
}
