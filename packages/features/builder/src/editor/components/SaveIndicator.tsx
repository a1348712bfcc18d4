import { Button } from '@appforge/ui';
import { describeSaveState } from '../lib/autosave';
import type { SaveState } from '../lib/autosave';

export interface SaveIndicatorProps {
  state: SaveState;
  onRetry: () => void;
}

/** The editor's saved / saving / error state, announced politely to screen readers. */
export function SaveIndicator({ state, onRetry }: SaveIndicatorProps) {
  const tone = state.status === 'error' || state.status === 'invalid' ? 'problem' : state.status === 'saved' ? 'saved' : 'busy';
  return (
    <div className={`editor-save editor-save--${tone}`}>
      <span role="status" aria-live="polite" className="editor-save__text">
        {describeSaveState(state)}
      </span>
      {state.status === 'error' && state.code !== 'version_frozen' ? (
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Retry now
        </Button>
      ) : null}
    </div>
  );
}
