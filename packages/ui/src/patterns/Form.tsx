import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { useId, useRef, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { FormProvider, useController, useForm, useFormContext } from 'react-hook-form';
import type { ControllerRenderProps, DefaultValues, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../components/Button';
import type { ButtonProps } from '../components/Button';
import { Field } from '../components/Field';
import type { FieldControlProps } from '../components/field-context';
import { TextField } from '../components/TextField';
import { FormLeaveContext } from './form-guard';

/** What a form says when a failure carries no words of its own (the SDK's messageOf says the same). */
const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

function defaultMessageOf(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return FALLBACK_MESSAGE;
}

/** A zod object schema whose input is the form's values. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

export interface FormProps<TSchema extends FormSchema> extends Omit<ComponentProps<'form'>, 'onSubmit' | 'children' | 'ref'> {
  /** Checks the values on submit (and each field again on change once it has been wrong). */
  schema: TSchema;
  /** The values the form starts from: "unsaved" means "different from these". */
  defaultValues: DefaultValues<z.input<TSchema>>;
  /**
   * Saves the parsed values. While its promise is pending the submit button is busy; if it rejects,
   * the error's words are shown under the form (set field errors with `form.setError` first to
   * point at a field). On success the submitted values become the form's new starting point.
   */
  onSubmit: (values: z.output<TSchema>, form: UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>>) => unknown;
  /** Turns a failure into words a person can act on: pass the SDK's `messageOf`. */
  messageOf?: (error: unknown) => string;
  /** Said (role="status") after a save succeeds, e.g. "Saved.". */
  successMessage?: ReactNode;
  /**
   * Rendered before the `<form>` element, inside the form's context: for a piece with a form of its
   * own (an import box) that fills this form's values. A function receives the form.
   */
  before?: ReactNode | ((form: UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>>) => ReactNode);
  /** The fields; a function receives the form (to watch a value or set one). */
  children: ReactNode | ((form: UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>>) => ReactNode);
}

/**
 * One way to write a form (issue 29): react-hook-form with a zod schema. Field errors sit under their
 * fields (`FormField`), the submit button shows it is busy (`SubmitButton`), and a failed save is
 * said the same way everywhere. A navigation guard (`UnsavedChangesGuard` from
 * `@appforge/ui/router`) inside it asks before typed text is dropped.
 */
export function Form<TSchema extends FormSchema>({
  schema,
  defaultValues,
  onSubmit,
  messageOf = defaultMessageOf,
  successMessage,
  before,
  children,
  className,
  noValidate = true,
  ...rest
}: FormProps<TSchema>) {
  const form = useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    // The resolver's generics are wider than the schema type a caller gives; the values it yields
    // are the schema's output, which is what `onSubmit` is typed with.
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const errorId = useId();
  // True from a valid submit until its save settles: a save that navigates away on success is
  // not a person leaving unsaved work.
  const saving = useRef(false);
  const dirty = useRef(false);
  dirty.current = form.formState.isDirty;
  const leaveCheck = useRef({ hasUnsavedChanges: () => dirty.current && !saving.current }).current;

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    setSaved(false);
    saving.current = true;
    const submitted = form.getValues();
    try {
      await onSubmit(values, form);
      // What was saved is the new starting point: leaving now drops nothing.
      form.reset(submitted, { keepErrors: false });
      dirty.current = false;
      setSaved(true);
    } catch (error) {
      setServerError(messageOf(error));
    } finally {
      saving.current = false;
    }
  });

  return (
    <FormProvider {...form}>
      <FormLeaveContext value={leaveCheck}>
        {typeof before === 'function' ? before(form) : before}
        <form
          {...rest}
          className={clsx('af-form', className)}
          noValidate={noValidate}
          aria-describedby={serverError !== null ? errorId : rest['aria-describedby']}
          onSubmit={(event) => {
            // A form in a portal (a dialog) inside this one bubbles its submit here through React:
            // only this form's own submit saves it.
            if (event.target !== event.currentTarget) return;
            void submit(event);
          }}
        >
          {typeof children === 'function' ? children(form) : children}
          {serverError !== null ? (
            <p id={errorId} role="alert" className="af-form__error">
              {serverError}
            </p>
          ) : null}
          {saved && successMessage !== undefined && !form.formState.isDirty ? (
            <p role="status" className="af-form__status">
              {successMessage}
            </p>
          ) : null}
        </form>
      </FormLeaveContext>
    </FormProvider>
  );
}

/** The props a `FormField`'s render function spreads on its control. */
export type FormControlProps = FieldControlProps & ControllerRenderProps<FieldValues, string>;

export interface FormFieldProps extends Omit<ComponentProps<'input'>, 'name' | 'children' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'> {
  /** The value's name in the form's schema (dots for nested values: "checks.profanity"). */
  name: string;
  label: ReactNode;
  /** Help text under the control; linked with aria-describedby. */
  hint?: ReactNode;
  /**
   * The control. Without it, a text input (`TextField`) with the other props. A function receives
   * the id, aria-describedby/aria-invalid and the form's value, onChange, onBlur and ref.
   */
  children?: (control: FormControlProps) => ReactNode;
}

/**
 * One field of a `Form`: label, hint and the field's error from the schema, wired to the control
 * with aria-describedby and aria-invalid.
 */
export function FormField({ name, label, hint, required, id, className, children, ...input }: FormFieldProps) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return (
    <Field label={label} hint={hint} error={fieldState.error?.message} required={required} id={id} className={className}>
      {(props) => {
        const controlProps = { ...props, ...field, value: field.value ?? '' } as FormControlProps;
        return children ? children(controlProps) : <TextField {...input} {...controlProps} value={String(controlProps.value as unknown)} />;
      }}
    </Field>
  );
}

export type SubmitButtonProps = Omit<ButtonProps, 'type' | 'loading'>;

/** The form's submit button: busy (spinner, aria-busy, disabled) while the save runs. */
export function SubmitButton({ children, ...rest }: SubmitButtonProps) {
  const { formState } = useFormContext();
  return (
    <Button {...rest} type="submit" loading={formState.isSubmitting}>
      {children}
    </Button>
  );
}

/** The surrounding form's methods (watch a value, set one), for pieces inside a `Form`. */
export function useFormMethods<TValues extends FieldValues = FieldValues>(): UseFormReturn<TValues> {
  return useFormContext<TValues>();
}

export type { FieldPath, UseFormReturn };
