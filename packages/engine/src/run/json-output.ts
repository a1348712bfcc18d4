import { extractJsonText } from '../spec/app-spec';
import type { JsonField } from '../spec/steps';
import type { JsonValue } from './run-state';

const TYPE_WORDS: Record<JsonField['type'], string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  string_list: 'a list of texts',
  number_list: 'a list of numbers',
};

/** The instruction appended to a JSON step's prompt: which object to answer with. */
export function jsonInstructions(fields: readonly JsonField[]): string {
  const lines = fields.map(
    (field) => `- "${field.name}": ${TYPE_WORDS[field.type]}${field.required ? '' : ' (optional)'}${field.description ? ` — ${field.description}` : ''}`,
  );
  return `Answer with ONLY a JSON object (no other text) with these fields:\n${lines.join('\n')}`;
}

function checkType(field: JsonField, value: unknown): JsonValue | undefined {
  switch (field.type) {
    case 'string':
      return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
    case 'number': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined;
    case 'string_list':
      return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
    case 'number_list':
      return Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isFinite(item)) ? (value as number[]) : undefined;
  }
}

/**
 * Parses a model's answer into the declared object: the object (only declared fields, in a
 * null-prototype record) or the reasons it does not fit, in words the repair prompt can quote.
 */
export function parseJsonOutput(
  text: string,
  fields: readonly JsonField[],
): { ok: true; value: Record<string, JsonValue> } | { ok: false; problems: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(extractJsonText(text)) as unknown;
  } catch {
    return { ok: false, problems: ['the answer is not valid JSON'] };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, problems: ['the answer is not a JSON object'] };
  }
  const source = parsed as Record<string, unknown>;
  const value = Object.create(null) as Record<string, JsonValue>;
  const problems: string[] = [];
  for (const field of fields) {
    if (!Object.prototype.hasOwnProperty.call(source, field.name) || source[field.name] === null) {
      if (field.required) problems.push(`the field "${field.name}" is missing`);
      continue;
    }
    const checked = checkType(field, source[field.name]);
    if (checked === undefined) problems.push(`the field "${field.name}" must be ${TYPE_WORDS[field.type]}`);
    else value[field.name] = checked;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
}
