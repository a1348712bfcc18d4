import { Button } from '@appforge/ui';

export interface LoadProblemProps {
  readonly title: string;
  readonly message: string;
  readonly onRetry: () => void;
}

/** A load that failed for a reason other than "not found": the reason in words and a retry. */
export function LoadProblem({ title, message, onRetry }: LoadProblemProps) {
  return (
    <div className="aib-page aib-page--narrow">
      <h1>{title}</h1>
      <p role="alert">{message}</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}
