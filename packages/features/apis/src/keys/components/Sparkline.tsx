import type { ApiKeyUsageDay } from '@appforge/sdk';

export interface SparklineProps {
  usage: readonly ApiKeyUsageDay[];
  width?: number;
  height?: number;
}

/** Runs per day as a small line with the total beside it; its label says the total in words. */
export function Sparkline({ usage, width = 96, height = 24 }: SparklineProps) {
  const total = usage.reduce((sum, day) => sum + day.runs, 0);
  const max = Math.max(1, ...usage.map((day) => day.runs));
  const step = usage.length > 1 ? width / (usage.length - 1) : width;
  const points = usage.map((day, index) => `${(index * step).toFixed(1)},${(height - 2 - (day.runs / max) * (height - 4)).toFixed(1)}`).join(' ');
  const label = `${total} ${total === 1 ? 'run' : 'runs'} in the last ${usage.length} days`;
  // The total is written next to the line (issue 27: a flat line at 0 read as "empty").
  return (
    <span className="af-keys-usage">
      <svg className="af-keys-sparkline" role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
        <title>{label}</title>
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      </svg>
      <span className="af-keys-usage__total" aria-hidden="true">
        {total.toLocaleString('en')}
      </span>
    </span>
  );
}
