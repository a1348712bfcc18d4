import { Button, buttonClassName } from '@appforge/ui';
import { VisitorLink } from './VisitorLink';
import { problemWords } from '../lib/problem-words';
import type { ProblemLike } from '../lib/problem-words';

export interface RunProblemProps {
  problem: ProblemLike;
  appName: string;
  /** Where "Sign in" leads (branded with the app). */
  signInHref: string;
  /** Try the same thing again (rate limits, model failures, network). */
  onRetry?: (() => void) | undefined;
  /** Start a fresh run (the old one cannot continue); absent where there is no run (loading the app). */
  onStartOver?: (() => void) | undefined;
}

/** A run or request that failed, in words, with what the visitor can do next. */
export function RunProblem({ problem, appName, signInHref, onRetry, onStartOver }: RunProblemProps) {
  const words = problemWords(problem, appName);
  return (
    <section role="alert" className="visitor-problem" aria-labelledby="visitor-problem-title" data-code={problem.code}>
      <h2 id="visitor-problem-title" className="visitor-problem__title">
        {words.title}
      </h2>
      <p className="visitor-problem__detail">{words.detail}</p>
      <div className="visitor-problem__actions">
        {words.action === 'sign_in' ? (
          <VisitorLink to={signInHref} className={buttonClassName({ variant: 'primary' })}>
            Sign in to use {appName}
          </VisitorLink>
        ) : null}
        {words.action === 'retry' && onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
        {onStartOver ? (
          <Button variant={words.action === 'start_over' ? 'primary' : 'secondary'} onClick={onStartOver}>
            Start over
          </Button>
        ) : null}
      </div>
    </section>
  );
}
