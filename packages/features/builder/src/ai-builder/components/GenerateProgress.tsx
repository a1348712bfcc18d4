import type { BuilderStreamEvent } from '@appforge/sdk';

/** A decorative spinner (the surrounding status region speaks). */
function Busy() {
  return (
    <span className="af-spinner af-spinner--sm aib-progress__spinner" aria-hidden="true">
      <span className="af-spinner__circle" />
    </span>
  );
}

/** The builder's progress messages so far; the newest one is the step it is working on. */
export function GenerateProgress({ events }: { events: readonly BuilderStreamEvent[] }) {
  const steps = events.flatMap((event) => (event.type === 'progress' ? [event] : []));
  return (
    <div className="aib-progress" role="status" aria-live="polite">
      {steps.length === 0 ? (
        <p className="aib-progress__item aib-progress__item--current">
          <Busy /> Sending your message…
        </p>
      ) : (
        <ol className="aib-progress__list" aria-label="Progress">
          {steps.map((step, index) => {
            const current = index === steps.length - 1;
            return (
              <li key={`${index}-${step.stage}`} className={current ? 'aib-progress__item aib-progress__item--current' : 'aib-progress__item'}>
                {current ? <Busy /> : <span aria-hidden="true">✓ </span>}
                {step.message}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
