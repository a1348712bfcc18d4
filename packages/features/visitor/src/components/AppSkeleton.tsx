/**
 * The page's shape while the app loads (icon, name, a form), so nothing jumps when it arrives.
 * Announced once as "Loading app" to screen readers; the shapes themselves are hidden from them.
 */
export function AppSkeleton({ label = 'Loading app' }: { label?: string }) {
  return (
    <div className="visitor-skeleton" role="status" aria-live="polite">
      <span className="af-visually-hidden">{label}</span>
      <div aria-hidden="true">
        <div className="visitor-skeleton__header">
          <span className="visitor-skeleton__block visitor-skeleton__icon" />
          <span className="visitor-skeleton__block visitor-skeleton__title" />
        </div>
        <span className="visitor-skeleton__block visitor-skeleton__line" />
        <span className="visitor-skeleton__block visitor-skeleton__line visitor-skeleton__line--short" />
        <span className="visitor-skeleton__block visitor-skeleton__field" />
        <span className="visitor-skeleton__block visitor-skeleton__field" />
        <span className="visitor-skeleton__block visitor-skeleton__button" />
      </div>
    </div>
  );
}
