export interface SkeletonProps {
  /** What is loading, for screen readers. */
  label: string;
  rows?: number;
}

/** Grey placeholder bars in the shape of the content that is loading. */
export function Skeleton({ label, rows = 3 }: SkeletonProps) {
  return (
    <div className="editor-skeleton" role="status" aria-busy="true">
      <span className="af-visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="editor-skeleton__bar" aria-hidden="true" />
      ))}
    </div>
  );
}
