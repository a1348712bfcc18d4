import { CURRENCIES, describePrice, parsePriceInput, priceInputOf } from '@appforge/sdk';
import type { AppPrice, Currency, PriceInput } from '@appforge/sdk';
import { Button, Select, TextField } from '@appforge/ui';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';

const KINDS: { value: AppPrice['kind']; label: string; hint: string }[] = [
  { value: 'free', label: 'Free', hint: 'Anyone who may open it uses it without paying.' },
  { value: 'one_time', label: 'One-time payment', hint: 'People pay once and keep access.' },
  { value: 'monthly', label: 'Monthly subscription', hint: 'People pay every month while they use it.' },
];

export interface PriceEditorProps {
  price: AppPrice;
  saving: boolean;
  /** The server's refusal, in words. */
  error?: string | undefined;
  saved: boolean;
  onSave: (price: AppPrice) => void;
}

/** Free, one-time or monthly, amount and currency, checked before anything is sent. */
export function PriceEditor({ price, saving, error, saved, onSave }: PriceEditorProps) {
  const [values, setValues] = useState<PriceInput>(() => priceInputOf(price));
  const [problem, setProblem] = useState<string | null>(null);
  const name = useId();
  const checked = parsePriceInput(values);
  const set = (patch: Partial<PriceInput>) => {
    setValues((current) => ({ ...current, ...patch }));
    setProblem(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked.ok) setProblem(checked.error);
    else onSave(checked.value);
  };
  return (
    <form className="bundles-form" onSubmit={submit} noValidate>
      <fieldset className="bundles-choices">
        <legend>Price</legend>
        {KINDS.map((kind) => (
          <label key={kind.value} className="bundles-choice">
            <input type="radio" name={name} value={kind.value} checked={values.kind === kind.value} onChange={() => set({ kind: kind.value })} />
            <span>
              <strong>{kind.label}</strong> <span className="bundles-muted">{kind.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {values.kind !== 'free' ? (
        <div className="bundles-row">
          <TextField
            label="Amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            required
            value={values.amount}
            placeholder={values.currency === 'JPY' ? '500' : '9.00'}
            onChange={(event) => set({ amount: event.target.value })}
            error={problem ?? undefined}
          />
          <Select label="Currency" name="currency" value={values.currency} options={CURRENCIES} onValueChange={(currency) => set({ currency: currency as Currency })} />
        </div>
      ) : null}
      <p aria-live="polite" className="bundles-muted">
        {checked.ok ? (
          <>
            Visitors will see: <strong>{describePrice(checked.value)}</strong>
          </>
        ) : null}
      </p>
      {error ? (
        <p role="alert" className="bundles-error">
          {error}
        </p>
      ) : saved ? (
        <p role="status">Saved.</p>
      ) : null}
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Save price'}
      </Button>
    </form>
  );
}
