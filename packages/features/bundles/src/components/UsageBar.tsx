import type { PlanLimitKey } from '@appforge/sdk';

export const USAGE_LABELS: Record<PlanLimitKey, string> = {
  apps: 'Apps',
  runs: 'Runs this month',
  ai_tokens: 'AI tokens this month',
  database_rows: 'Database rows (all databases)',
  api_calls: 'API calls this month',
  custom_domains: 'Custom domains',
};

/**
 * The limits the server enforces (admit_run: runs and API calls; the row trigger: database rows;
 * apps and AI tokens are counted against theirs). Custom domains are not limited by any check
 * (issue 27: Free's "0 of 0 — Limit reached" while adding one worked), so the page shows how many
 * there are and no limit, as the server behaves.
 */
export const UNENFORCED_LIMITS: ReadonlySet<PlanLimitKey> = new Set<PlanLimitKey>(['custom_domains']);

/** What each limit does when it is reached, where "Limit reached." says too little. */
export const USAGE_FULL_TEXTS: Partial<Record<PlanLimitKey, string>> = {
  database_rows: 'Limit reached: new rows are refused until you delete some or upgrade.',
};

export interface UsageBarProps {
  label: string;
  used: number;
  /** null: no limit. */
  limit: number | null;
  /** What happens at the limit, when it is more than "Limit reached." */
  fullText?: string;
}

/** One limit of the plan as a labelled meter: "Runs this month: 120 of 500". */
export function UsageBar({ label, used, limit, fullText = 'Limit reached.' }: UsageBarProps) {
  const text = limit === null ? `${used.toLocaleString('en')} (no limit)` : `${used.toLocaleString('en')} of ${limit.toLocaleString('en')}`;
  // A limit of 0 is reached only once something is over it (0 of 0 is no alarm).
  const full = limit !== null && (limit > 0 ? used >= limit : used > 0);
  return (
    <div className={full ? 'bundles-usage is-full' : 'bundles-usage'}>
      <div className="bundles-usage__label">
        <span>{label}</span>
        <span>{text}</span>
      </div>
      {limit !== null && limit > 0 ? (
        <meter aria-label={label} aria-valuetext={text} min={0} max={limit} value={Math.min(used, limit)} high={limit * 0.8} optimum={0} />
      ) : null}
      {full ? <p className="bundles-usage__full">{fullText}</p> : null}
    </div>
  );
}
