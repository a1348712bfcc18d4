// @appforge/engine/inputs: checking a visitor's answers, without zod (the light visitor entry,
// issue 28, loads this instead of the whole engine).
export { LIMITS } from './spec/limits';
export { DEFAULT_MAX_LENGTH, validateInputs } from './run/inputs';
export { parseFileValue } from './run/file-value';
