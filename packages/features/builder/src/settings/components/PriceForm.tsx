import { CURRENCIES, describePrice } from '@appforge/sdk';
import type { AppPrice, Currency } from '@appforge/sdk';
import { Select, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { checkPrice, priceValuesOf } from '../lib/forms';
import type { FieldErrors, PriceValues } from '../lib/forms';
import { useUnsavedWarning } from '../lib/use-unsaved-warning';
import { ChoiceGroup } from './ChoiceGroup';
import { SaveBar } from './SaveBar';
import type { SaveState } from './SaveBar';

export interface PriceFormProps {
  price: AppPrice;
  state: SaveState;
  onSave: (price: AppPrice) => void;
}

const KINDS = [
  { value: 'free', label: 'Free', description: 'Anyone who may open the app uses it without paying.' },
  { value: 'one_time', label: 'One-time payment', description: 'People pay once and keep using the app.' },
  { value: 'monthly', label: 'Monthly subscription', description: 'People pay every month while they use the app.' },
] as const;

/** True when the form says the same price as `price` ("4,99" and "4.99" are the same amount). */
function same(values: PriceValues, price: AppPrice): boolean {
  const checked = checkPrice(values);
  if (!checked.ok) return false;
  const { kind, amount_cents: cents, currency } = checked.value;
  return kind === price.kind && currency === price.currency && (kind === 'free' || cents === price.amount_cents);
}

/** Free, one-time or monthly, with amount and currency; people pay through the bundles feature's checkout. */
export function PriceForm({ price, state, onSave }: PriceFormProps) {
  const [values, setValues] = useState<PriceValues>(() => priceValuesOf(price));
  const [errors, setErrors] = useState<FieldErrors>({});
  const dirty = !same(values, price);
  useUnsavedWarning(dirty);
  const checked = checkPrice(values);

  const set = <K extends keyof PriceValues>(key: K, value: PriceValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors({});
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    onSave(checked.value);
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <ChoiceGroup legend="Price" name="kind" value={values.kind} options={KINDS} onChange={(kind) => set('kind', kind)} />
      {values.kind !== 'free' ? (
        <div className="settings-form__row">
          <TextField
            label="Amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            required
            value={values.amount}
            placeholder={values.currency === 'JPY' ? '500' : '4.99'}
            onChange={(event) => set('amount', event.target.value)}
            error={errors.amount}
            hint={values.kind === 'monthly' ? 'Charged every month.' : 'Charged once.'}
          />
          <Select
            label="Currency"
            name="currency"
            value={values.currency}
            options={CURRENCIES}
            onValueChange={(currency) => set('currency', currency as Currency)}
          />
        </div>
      ) : null}
      <p className="settings-note" aria-live="polite">
        {checked.ok ? <>Visitors will see: <strong>{describePrice(checked.value)}</strong>. </> : null}
        People pay at checkout (Stripe, or the labelled test checkout in development) before they
        can run the app; the app's page shows the price and “Get access” to everyone else.
      </p>
      <SaveBar state={state} dirty={dirty} label="Save price" />
    </form>
  );
}
