import { Button } from '@appforge/ui';
import { useEffect, useId, useRef } from 'react';

export interface ChoiceButtonsProps {
  prompt?: string | undefined;
  buttons: readonly { readonly index: number; readonly label: string }[];
  /** Why the last choice was refused. */
  error?: string | undefined;
  /** The index of the button being sent, while the run continues. */
  pending?: number | null;
  onChoose: (index: number) => void;
}

/**
 * The app asks the visitor to choose how to go on: one button per option, in a labelled group.
 * Focus moves to the group when it appears so a keyboard user can answer at once.
 */
export function ChoiceButtons({ prompt, buttons, error, pending = null, onChoose }: ChoiceButtonsProps) {
  const labelId = useId();
  const groupRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    groupRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, []);
  return (
    <section className="visitor-choices" aria-labelledby={labelId}>
      <h2 id={labelId} className="visitor-choices__prompt">
        {prompt ?? 'What next?'}
      </h2>
      {error ? (
        <p role="alert" className="af-field__error">
          {error}
        </p>
      ) : null}
      <div ref={groupRef} role="group" aria-labelledby={labelId} className="visitor-choices__buttons">
        {buttons.map((button) => (
          <Button
            key={button.index}
            variant={pending === button.index ? 'primary' : 'secondary'}
            loading={pending === button.index}
            disabled={pending !== null}
            onClick={() => onChoose(button.index)}
          >
            {button.label}
          </Button>
        ))}
      </div>
    </section>
  );
}
