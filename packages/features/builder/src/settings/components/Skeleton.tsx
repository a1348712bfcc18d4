export interface SkeletonProps {
  /** Number of grey lines. */
  lines?: number;
  /** Read by screen readers instead of the shapes. */
  label?: string;
  /** A square block first (an icon or a preview). */
  block?: boolean;
}

/** Grey shapes where content is about to appear; announced once as "Loading…". */
export function Skeleton({ lines = 3, label = 'Loading…', block = false }: SkeletonProps) {
  return (
    <div className="settings-skeleton" role="status" aria-live="polite">
      <span className="af-visually-hidden">{label}</span>
      {block ? <div className="settings-skeleton__block" aria-hidden="true" /> : null}
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className="settings-skeleton__line" style={{ width: `${90 - ((index * 17) % 45)}%` }} aria-hidden="true" />
      ))}
    </div>
  );
}
