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
  const describedBy = [field?.['aria-describedby'], own['aria-describedby']].filter(Boolean).join(' ');
  const invalid = own['aria-invalid'] === true || own['aria-invalid'] === 'true' || field?.['aria-invalid'] === true;
  const required = own.required ?? field?.required;
  return {
    id: own.id ?? field?.id ?? fallbackId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': true as const } : {}),
    ...(required ? { required } : {}),
  };
}
