import { messageOf } from '@appforge/sdk';
import type { AddAllowedUsersResult, BundleDetail, ParsedAllowedList } from '@appforge/sdk';
import { useAllowedUsersForm } from '@appforge/sdk/react';
import { Button, TextArea } from '@appforge/ui';
import { BundleFrame } from '../components/BundleFrame';

function Report({ parsed, result }: { parsed: ParsedAllowedList | null; result: AddAllowedUsersResult | undefined }) {
  const invalid = parsed?.invalid ?? [];
  const duplicates = [...(parsed?.duplicates ?? []), ...(result?.duplicates ?? [])];
  return (
    <div role="status" className="bundles-report">
      {result ? (
        <p>
          Added {result.added.length} · already listed {result.already_listed.length} · invitations sent {result.invited}
        </p>
      ) : null}
      {invalid.length > 0 ? (
        <details open>
          <summary>{invalid.length === 1 ? '1 line is not an address' : `${invalid.length} lines are not addresses`} (not added)</summary>
          <ul>
            {invalid.slice(0, 50).map((line) => (
              <li key={`${line.line}:${line.value}`}>
                Line {line.line}: {line.value}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {duplicates.length > 0 ? <p>{duplicates.length === 1 ? '1 duplicate was skipped.' : `${duplicates.length} duplicates were skipped.`}</p> : null}
    </div>
  );
}

function AllowedUsers({ bundle }: { bundle: BundleDetail }) {
  const { list, add, remove, text, setText, parsed, problem, submit, readFile } = useAllowedUsersForm({ kind: 'bundle', id: bundle.id });
  return (
    <>
      <form className="bundles-form" onSubmit={submit} noValidate>
        <TextArea
          label="E-mail addresses or @domains"
          hint="One per line, or a CSV. @school.example lets in everyone at that domain. Each new address gets an invitation e-mail."
          name="entries"
          rows={6}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={problem ?? undefined}
        />
        <label className="bundles-file">
          Or load a CSV file <input type="file" accept=".csv,text/csv,text/plain" onChange={readFile} />
        </label>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add people'}
        </Button>
        {add.isError ? (
          <p role="alert" className="bundles-error">
            {messageOf(add.error)}
          </p>
        ) : null}
        {parsed || add.data ? <Report parsed={parsed} result={add.data} /> : null}
      </form>
      <section aria-labelledby="allowed-list">
        <h2 id="allowed-list">People allowed in ({list.data?.length ?? 0})</h2>
        {list.isPending ? (
          <p>Loading…</p>
        ) : list.isError ? (
          <p role="alert">{messageOf(list.error)}</p>
        ) : list.data.length === 0 ? (
          <p>Nobody yet. People you list here open the bundle after signing in, without paying.</p>
        ) : (
          <ul className="bundles-allowed">
            {list.data.map((row) => (
              <li key={row.id}>
                <span>{row.entry}</span>
                <span className="bundles-muted">{row.entry.startsWith('@') ? 'whole domain' : row.invited_at ? 'invited' : 'not invited'}</span>
                <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(row.id)} aria-label={`Remove ${row.entry}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** `/bundle/:bundleId/allowed-users` — add addresses or domains (paste or CSV, up to 10,000), remove. */
export function Component() {
  return (
    <BundleFrame page="Allowed people" description="People who open the bundle without paying, after they sign in.">
      {(bundle) => <AllowedUsers key={bundle.id} bundle={bundle} />}
    </BundleFrame>
  );
}
