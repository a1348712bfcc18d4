// A failed request or run, told in words a visitor can act on. The SDK normalises every backend
// failure into { code, message }; the codes come from run-app, the engine (RunFailureCode) and
// the SDK itself (network_error …). The server's message is kept where it carries specifics
// ("try again in 12 s"); a code we do not know still shows its message.

export interface ProblemLike {
  readonly code: string;
  readonly message: string;
}

/** What the visitor can do about it. */
export type ProblemAction = 'sign_in' | 'start_over' | 'retry' | 'none';

export interface ProblemWords {
  readonly title: string;
  readonly detail: string;
  readonly action: ProblemAction;
}

const SIGN_IN: ReadonlySet<string> = new Set(['sign_in_required', 'invalid_jwt', 'jwt_expired', 'session_missing']);
const START_OVER: ReadonlySet<string> = new Set(['run_finished', 'run_not_found', 'not_your_run', 'run_unreadable', 'invalid_state']);
const MODEL: ReadonlySet<string> = new Set(['model_error', 'model_unavailable', 'invalid_model_output', 'invalid_output', 'capability_unavailable']);

function withStop(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' || /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

export function problemWords(problem: ProblemLike, appName: string): ProblemWords {
  const message = withStop(problem.message);
  const { code } = problem;
  if (code === 'rate_limited' || code === 'model_rate_limited') {
    return { title: 'Too many runs right now', detail: message || 'Wait a moment, then try again.', action: 'retry' };
  }
  if (SIGN_IN.has(code)) {
    return { title: `Sign in to use ${appName}`, detail: `${appName} is open to signed-in people only.`, action: 'sign_in' };
  }
  if (code === 'not_allowed' || code === 'permission_denied' || code === 'draft_owner_only') {
    return { title: 'You do not have access to this app', detail: `${appName} is open only to the people its owner chose.`, action: 'none' };
  }
  if (code === 'timeout' || code === 'model_timeout') {
    return { title: 'The AI model took too long', detail: message || 'Try again in a moment.', action: 'retry' };
  }
  if (MODEL.has(code)) {
    return { title: 'The AI model failed', detail: message || 'Try again in a moment.', action: 'retry' };
  }
  if (START_OVER.has(code)) {
    return { title: 'This run cannot continue', detail: message || 'Start a new run.', action: 'start_over' };
  }
  if (code === 'network_error') {
    return { title: 'Could not reach Appforge', detail: message, action: 'retry' };
  }
  if (code === 'payload_too_large') {
    return { title: 'Your answers are too long to send', detail: message, action: 'none' };
  }
  if (code === 'app_not_found' || code === 'not_found' || code === 'not_deployed' || code === 'version_not_found') {
    return { title: 'This app is not available', detail: 'This app does not exist or is not published.', action: 'none' };
  }
  if (code === 'cancelled') {
    return { title: 'Run stopped', detail: 'You stopped this run.', action: 'start_over' };
  }
  return { title: 'Something went wrong', detail: message || 'Please try again.', action: 'retry' };
}
