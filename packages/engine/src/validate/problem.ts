// What the validator reports: a problem in one step (or the whole app), with a code, the field,
// words a creator understands, and whether it blocks. Its own module so the app validator and the
// api-step checks share it without importing each other.
export type ProblemCode =
  | 'invalid_spec'
  | 'no_steps'
  | 'entry_missing'
  | 'duplicate_step_id'
  | 'duplicate_variable'
  | 'dangling_next'
  | 'unreachable_step'
  | 'cycle_without_exit'
  | 'unknown_variable'
  | 'unknown_field'
  | 'empty_prompt'
  | 'empty_template'
  | 'choices_without_buttons'
  | 'duplicate_button'
  | 'no_fields'
  | 'choice_without_options'
  | 'duplicate_option'
  | 'invalid_range'
  | 'json_without_fields'
  | 'duplicate_json_field'
  | 'condition_without_value'
  | 'condition_value_not_number'
  | 'malformed_reference'
  // `api` steps checked against the owner's APIs (validateApiSteps)
  | 'unknown_api'
  | 'unknown_endpoint'
  | 'unknown_parameter'
  | 'unmapped_parameter';

export interface Problem {
  /** The step the problem is in; absent for problems of the whole app. */
  readonly stepId?: string;
  /** Path inside the step (or the app), e.g. `config.prompt`, `next.buttons[0].goto`. */
  readonly field: string;
  readonly code: ProblemCode;
  /** One or two sentences a creator understands, naming the step by its title. */
  readonly message: string;
  /** `error` blocks running and deploying; `warning` is worth a look but runs. */
  readonly severity: 'error' | 'warning';
}
