/** The builder overview's shape while the app loads. */
export function OverviewSkeleton() {
  return (
    <div className="bc-page bc-skeleton" aria-busy="true">
      <span className="af-visually-hidden" role="status">
        Loading your app…
      </span>
      <div className="bc-skeleton__title" aria-hidden="true" />
      <div className="bc-skeleton__line" aria-hidden="true" />
      <div className="bc-overview" aria-hidden="true">
        <div className="bc-skeleton__block" />
        <div className="bc-skeleton__block" />
      </div>
    </div>
  );
}
