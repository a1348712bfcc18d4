import type { StepKind } from '@appforge/engine';
import { KIND_LABELS } from '../lib/step-outline';

const PATHS: Record<StepKind, string> = {
  // A form: two lines of fields.
  input: 'M4 6h16M4 12h10M4 18h16',
  // A spark.
  ai: 'M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z',
  // A page.
  output: 'M6 3h9l3 3v15H6zM9 10h6M9 14h6',
  // A cylinder.
  database: 'M5 6c0-2 14-2 14 0v12c0 2-14 2-14 0zM5 6c0 2 14 2 14 0',
  // A plug.
  api: 'M9 3v5M15 3v5M7 8h10v4a5 5 0 01-10 0zM12 17v4',
};

/** The step kind as an icon with its name for assistive technology. */
export function StepKindIcon({ kind }: { kind: StepKind }) {
  return (
    <span className={`bc-kind bc-kind--${kind}`} role="img" aria-label={`${KIND_LABELS[kind]} step`}>
      <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={PATHS[kind]} />
      </svg>
    </span>
  );
}
