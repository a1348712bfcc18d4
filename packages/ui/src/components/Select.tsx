import { clsx } from 'clsx';
import { Select as SelectPrimitive } from 'radix-ui';
import { useId, type ReactNode, type Ref } from 'react';
import { Field } from './Field';
import { useFieldControl } from './field-context';
import { CheckIcon, ChevronDownIcon } from './icons';

export interface SelectOption {
  /** Must be a non-empty string (an empty value means "nothing selected"). */
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectProps {
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Shown while nothing is selected. */
  placeholder?: string;
  /** When given, the select is wrapped in a <Field> with this label. */
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  /** Submitted with a surrounding form under this name. */
  name?: string;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

function SelectControl({
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  disabled,
  required,
  name,
  className,
  ref,
  ...aria
}: Omit<SelectProps, 'label' | 'hint' | 'error'>) {
  const fallbackId = useId();
  const control = useFieldControl({ ...aria, required }, fallbackId);
  return (
    <SelectPrimitive.Root
      {...(value !== undefined ? { value } : {})}
      {...(defaultValue !== undefined ? { defaultValue } : {})}
      {...(onValueChange ? { onValueChange } : {})}
      {...(name !== undefined ? { name } : {})}
      disabled={disabled}
      required={control.required}
    >
      <SelectPrimitive.Trigger
        ref={ref}
        id={control.id}
        aria-label={aria['aria-label']}
        aria-describedby={control['aria-describedby']}
        aria-invalid={control['aria-invalid']}
        className={clsx('af-input', 'af-select__trigger', className)}
      >
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon className="af-select__icon">
          <ChevronDownIcon />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content className="af-select__content" position="popper" sideOffset={4}>
          <SelectPrimitive.Viewport className="af-select__viewport">
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className="af-select__item"
              >
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                <SelectPrimitive.ItemIndicator className="af-select__indicator">
                  <CheckIcon />
                </SelectPrimitive.ItemIndicator>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}

/** A single-choice picker (Radix Select): full keyboard support and typeahead. */
export function Select({ label, hint, error, ...rest }: SelectProps) {
  if (label === undefined) return <SelectControl {...rest} />;
  return (
    <Field label={label} hint={hint} error={error} required={rest.required} id={rest.id}>
      <SelectControl {...rest} />
    </Field>
  );
}
