import { createContext, useContext } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
}

export const FieldContext = /* @__PURE__ */ createContext<FieldControlProps | null>(null);

interface OwnControlProps {
  id?: string | undefined;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined;
  required?: boolean | undefined;
}

/** Merges the ids and states a surrounding <Field> provides with the control's own props. */
export function useFieldControl(own: OwnControlProps, fallbackId: string): FieldControlProps {
  const field = useContext(FieldContext);
  // The same ids may come from both (a FormField hands its Field's props to the control): once each.
  const ids = [field?.['aria-describedby'], own['aria-describedby']].flatMap((value) => value?.split(/\s+/) ?? []).filter(Boolean);
  const describedBy = [...new Set(ids)].join(' ');
  const invalid = own['aria-invalid'] === true || own['aria-invalid'] === 'true' || field?.['aria-invalid'] === true;
  const required = own.required ?? field?.required;
  return {
    id: own.id ?? field?.id ?? fallbackId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': true as const } : {}),
    ...(required ? { required } : {}),
  };
}
