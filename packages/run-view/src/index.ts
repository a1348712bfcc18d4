// The public API of @appforge/run-view: the one view of an app's run, shared by the visitor's
// deployed app (@appforge/visitor) and the owner's draft previews (@appforge/builder).
export { AnswerField } from './AnswerField';
export type { AnswerFieldProps } from './AnswerField';
export { ANSWERS_MAX_BYTES, checkAnswers, emptyDraft, formatBytes, isTextFile, readFileValue } from './answers';
export type { AnswersCheck, Draft, DraftValue } from './answers';
export { ChoiceButtons } from './ChoiceButtons';
export type { ChoiceButtonsProps } from './ChoiceButtons';
export { InputStepForm } from './InputStepForm';
export type { InputStepFormProps } from './InputStepForm';
export { OfflineBadge } from './OfflineBadge';
export { OwnerPreview } from './OwnerPreview';
export type { OwnerPreviewProps } from './OwnerPreview';
export { PreviewRunView } from './PreviewRunView';
export type { PreviewRunViewProps } from './PreviewRunView';
export { RunResults } from './RunResults';
export type { RunResultsProps } from './RunResults';
export { LazyMarkdown, preloadMarkdown, provideMarkdown } from './LazyMarkdown';
export { RunTranscript } from './RunTranscript';
export type { RunTranscriptProps } from './RunTranscript';
export { buildRunView, IDLE_VIEW, reduceRunEvent, resultsOf, runViewOfStream } from './run-view';
export type { AwaitingInput, ChoiceNeeded, RunPhase, RunSegment, RunStreamSnapshot, RunView, RunViewEvent } from './run-view';
