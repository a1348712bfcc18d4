export { err, ok } from './result';
export type { Result } from './result';

export { LIMITS } from './spec/limits';
export { END, STEP_ID_PATTERN, VARIABLE_NAME_PATTERN, VARIABLE_REF_PATTERN } from './spec/names';
export { fileValueSchema, inputFieldSchema } from './spec/input-fields';
export type { FileValue, InputField, InputFieldType } from './spec/input-fields';
export { CONDITION_OPERATORS, conditionSchema, nextSchema } from './spec/next';
export type { Condition, ConditionOperator, Next } from './spec/next';
export {
  DATABASE_COLUMN_TYPES,
  DATABASE_FILTER_OPS,
  JSON_FIELD_TYPES,
  STEP_KINDS,
  aiStepSchema,
  apiStepSchema,
  databaseStepSchema,
  inputStepSchema,
  jsonFieldSchema,
  modelSettingsSchema,
  outputStepSchema,
  stepSchema,
} from './spec/steps';
export type {
  AiStep,
  ApiStep,
  DatabaseColumnType,
  DatabaseFilterOp,
  DatabaseStep,
  InputStep,
  JsonField,
  JsonFieldType,
  ModelSettings,
  OutputStep,
  Step,
  StepInput,
  StepKind,
} from './spec/steps';
export { appSpecSchema, constantSchema, extractJsonText, parseAppSpec } from './spec/app-spec';
export type { AppSpec, AppSpecInput, Constant, SpecIssue, SpecParseError } from './spec/app-spec';
export { followingTarget, stepEdges } from './spec/graph';
export type { Edge } from './spec/graph';

export { checkAppSpec, hasErrors, validateApp } from './validate/validate-app';
export type { Problem, ProblemCode } from './validate/validate-app';
export { validateApiSteps } from './validate/api-steps';
export type { ApiCatalogue, ApiCatalogueEntry } from './validate/api-steps';

export { describeApp } from './describe/describe-app';
export type { AppOutline } from './describe/describe-app';
export { diffSpecs, isSameSpec, summariseDiff } from './describe/spec-diff';
export type { FieldChange, SpecDiff, StepChange } from './describe/spec-diff';

export { escapeMarkdown, extractVariables, findMalformedReferences, formatValue, renderTemplate } from './template/template';
export type { MissingVariablesError, RenderOptions, TemplateEscape } from './template/template';

export { systemClock } from './run/capabilities';
export type {
  ApiCallRequest,
  ApiCapability,
  Clock,
  DatabaseCapability,
  DatabaseReadRequest,
  DatabaseWriteRequest,
  ModelCapability,
  ModelChunk,
  ModelRequest,
  TokenUsage,
} from './run/capabilities';
export type { ModelInfo, RunEvent, RunEventType } from './run/events';
export { DEFAULT_STEP_TIMEOUT_MS, DEFAULT_MAX_STEPS, resumeApp, runApp } from './run/executor';
export type { ResumeOptions, RunOptions, RunStream } from './run/executor';
export { DEFAULT_MAX_LENGTH, validateInputs } from './run/inputs';
export { evaluateCondition } from './run/conditions';
export { RUN_FAILURE_CODES, runStateSchema } from './run/run-state';
export type { FieldError, JsonValue, RunFailureCode, RunOutput, RunState, RunStatus, StepRecord } from './run/run-state';

export { MAX_ALLOWED_HOSTS, allowedHostSchema, allowedHostsSchema, parseAllowedHostLines } from './allowed-hosts';
export type { AllowedHostsCheck } from './allowed-hosts';

export { SAFE_REGEX_LIMITS, compileSafeRegex } from './expectations/safe-regex';
export type { SafeRegex } from './expectations/safe-regex';
export { lookupJsonPath, parseJsonPath } from './expectations/json-path';
export type { JsonPathSegment } from './expectations/json-path';
export {
  EXPECTATION_KINDS,
  TEST_CASE_MODES,
  TEST_LIMITS,
  appInputFields,
  casePassed,
  checkCaseInputs,
  compileJsonSchema,
  evaluateExpectation,
  evaluateExpectations,
  expectationSchema,
  repeatedVerdict,
  testCaseSchema,
} from './expectations/expectations';
export type {
  Expectation,
  ExpectationInput,
  ExpectationKind,
  ExpectationResult,
  Judge,
  RunObservation,
  TestCase,
  TestCaseInput,
  TestCaseMode,
} from './expectations/expectations';
