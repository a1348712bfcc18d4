// Issue 27: what a student sees when what they wrote in a class run reads as self-harm. Like the
// school-safety tools teachers use, the app's ordinary answer is replaced by caring words and where
// to find help now; the teacher's alert is raised as for any flagged input. No phone number is
// invented: the generic text points to a trusted adult and the local emergency or crisis line, and
// a school's operator sets its own help (counsellor, crisis line) in School.support_message.
import type { RunOutput, RunState } from '@appforge/engine';

/** Shown when the class's school has no support message of its own. */
export const DEFAULT_SUPPORT_MESSAGE = [
  'It sounds like you are going through something really hard right now. Thank you for writing it down: that took courage, and you do not have to deal with it alone.',
  '',
  '- **Talk to an adult you trust today**: a teacher, your school counsellor, a parent or another family member. You can show them this message.',
  '- **If you might hurt yourself or you are in danger right now**, call your local emergency number or a crisis line, or ask an adult near you to call for you.',
  '- The people at your school care about you and want to help.',
].join('\n');

export const SUPPORT_STEP_ID = 'safety-support';
export const SUPPORT_TITLE = 'You are not alone';

/** The run output carrying the school's message, or the default when it has none. */
export function supportOutput(schoolMessage: string | null | undefined): RunOutput {
  const own = schoolMessage?.trim();
  return { stepId: SUPPORT_STEP_ID, title: SUPPORT_TITLE, markdown: own ? own : DEFAULT_SUPPORT_MESSAGE };
}

/** The run, ended with the supportive message in place of the app's answer (what came before is kept). */
export function supportedRunState(previous: RunState | null, runId: string, output: RunOutput, now: number): RunState {
  return {
    version: 1,
    runId,
    status: 'done',
    currentStepId: null,
    currentStepStartedAt: null,
    waiting: null,
    variables: previous?.variables ?? {},
    outputs: [output],
    steps: previous?.steps ?? [],
    stepsExecuted: previous?.stepsExecuted ?? 0,
    usage: previous?.usage ?? { inputTokens: 0, outputTokens: 0 },
    startedAt: previous?.startedAt ?? now,
    updatedAt: now,
    finishedAt: now,
    error: null,
    model: previous?.model ?? null,
  };
}
