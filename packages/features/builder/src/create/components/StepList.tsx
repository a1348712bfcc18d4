import type { StepOutline } from '../lib/step-outline';
import { StepKindIcon } from './StepKindIcon';

export interface StepListProps {
  readonly steps: readonly StepOutline[];
  /** How many blocking problems each step has (by step id), to flag them in the list. */
  readonly problemCounts?: Readonly<Record<string, number>>;
}

/** The app's steps in order: kind, title, what it does, and where it goes next. */
export function StepList({ steps, problemCounts = {} }: StepListProps) {
  if (steps.length === 0) return <p className="bc-muted">This version has no steps yet.</p>;
  return (
    <ol className="bc-steps" aria-label="Steps">
      {steps.map((step) => {
        const problems = problemCounts[step.id] ?? 0;
        return (
          <li key={`${step.position}-${step.id}`} className="bc-step" aria-label={`${step.position}. ${step.title}`}>
            <StepKindIcon kind={step.kind} />
            <div className="bc-step__body">
              <h3 className="bc-step__title">
                <span className="bc-step__number">{step.position}.</span> {step.title}
                {problems > 0 ? (
                  <span className="bc-step__problems">
                    {' '}
                    · {problems} {problems === 1 ? 'problem' : 'problems'}
                  </span>
                ) : null}
              </h3>
              <p className="bc-step__summary">{step.summary}</p>
              <ul className="bc-step__routes" aria-label={step.branching === 'step' ? 'Next' : step.branching === 'choices' ? 'Buttons' : 'Branches'}>
                {step.routes.map((route, i) => (
                  <li key={i}>
                    {route.when === null ? 'Then' : route.when} → {route.to}
                  </li>
                ))}
              </ul>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
