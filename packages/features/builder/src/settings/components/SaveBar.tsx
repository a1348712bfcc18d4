import { Button } from '@appforge/ui';

export interface SaveState {
  pending: boolean;
  /** The server's refusal in words; what was typed stays in the form. */
  error: string | null;
  saved: boolean;
}

export const IDLE_SAVE: SaveState = { pending: false, error: null, saved: false };

export interface SaveBarProps {
  state: SaveState;
  label?: string;
  /** True when the form has changes that are not saved yet. */
  dirty: boolean;
}

/** The submit button of a settings form and what happened to the last save, announced politely. */
export function SaveBar({ state, label = 'Save', dirty }: SaveBarProps) {
  return (
    <div className="settings-save-bar">
      <Button type="submit" loading={state.pending}>
        {label}
      </Button>
      <p className="settings-save-bar__status" aria-live="polite">
        {state.pending ? 'Saving…' : state.saved && !dirty ? 'Saved.' : dirty ? 'You have unsaved changes.' : ''}
      </p>
      {state.error !== null ? (
        <p className="af-field__error settings-save-bar__error" role="alert">
          Not saved: {state.error}
        </p>
      ) : null}
    </div>
  );
}
