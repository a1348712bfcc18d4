import { messageOf } from '@appforge/sdk';
import type { CustomDomain, DomainScope, DomainTargetRef } from '@appforge/sdk';
import { useAddDomain } from '@appforge/sdk/react';
import { Button, Select, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { targetChoices, targetRef } from '../lib/targets';

export interface AddDomainFormProps {
  scope: DomainScope;
  onAdded?: (domain: CustomDomain) => void;
}

/** A host name and what it shows; the server checks the name and says what to change. */
export function AddDomainForm({ scope, onAdded }: AddDomainFormProps) {
  const add = useAddDomain();
  const choices = targetChoices(scope);
  const [host, setHost] = useState('');
  const [kind, setKind] = useState<DomainTargetRef['kind']>(choices[0]?.value ?? 'app');
  const [blank, setBlank] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (host.trim() === '') {
      setBlank(true);
      return;
    }
    setBlank(false);
    add.mutate(
      { host, target: targetRef(scope, kind) },
      {
        onSuccess: (domain) => {
          setHost('');
          onAdded?.(domain);
        },
      },
    );
  }

  const error = blank ? 'Enter a domain, such as www.example.com.' : add.isError ? messageOf(add.error) : undefined;
  return (
    <form className="domains-add" onSubmit={submit} noValidate aria-label="Add a domain">
      <TextField
        label="Domain"
        name="host"
        value={host}
        onChange={(event) => setHost(event.target.value)}
        placeholder="www.example.com"
        hint="Only the host name: no https://, no path."
        autoComplete="off"
        spellCheck={false}
        error={error}
      />
      {choices.length > 1 ? (
        <Select
          label="What it shows"
          options={choices}
          value={kind}
          onValueChange={(value) => setKind(value as DomainTargetRef['kind'])}
        />
      ) : (
        <p className="domains-muted">It shows {choices[0]?.label.toLowerCase()}.</p>
      )}
      <div>
        <Button type="submit" loading={add.isPending}>
          Add domain
        </Button>
      </div>
    </form>
  );
}
