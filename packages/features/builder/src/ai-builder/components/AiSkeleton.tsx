/** Placeholder shapes while the app and its versions load; announced once as "Loading…". */
export function AiSkeleton({ label }: { label: string }) {
  return (
    <div className="aib-page" aria-busy="true">
      <p role="status" className="af-visually-hidden">
        {label}
      </p>
      <div className="aib-skeleton aib-skeleton--title" aria-hidden="true" />
      <div className="aib-layout" aria-hidden="true">
        <div className="aib-skeleton aib-skeleton--panel" />
        <div className="aib-skeleton aib-skeleton--panel" />
      </div>
    </div>
  );
}
