// What a structure change will do to existing rows, in sentences a person can decide on.
import type { RuleProblem, TableChange } from '@appforge/sdk';
import { TYPE_NOUNS, valueText } from '@appforge/sdk';
import { TYPE_LABELS } from './column-types';
import { formatCount } from './format';

const rowsWord = (n: number): string => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;

export function changeSentence(change: TableChange): { text: string; warning: boolean } {
  switch (change.kind) {
    case 'add':
      return { text: `New column “${change.column}” (${TYPE_LABELS[change.type]}), empty in every row.`, warning: false };
    case 'rename':
      return { text: `“${change.from}” is renamed to “${change.column}”; ${rowsWord(change.rows)} keep their values.`, warning: false };
    case 'retype':
      return change.unconvertible > 0 && change.keptIn
        ? {
            text: `${rowsWord(change.unconvertible)} ${change.unconvertible === 1 ? 'has a value' : 'have values'} in “${change.column}” that ${change.unconvertible === 1 ? 'is not a' : 'are not a'} ${TYPE_NOUNS[change.type]}: ${change.unconvertible === 1 ? 'it' : 'they'} will be kept as text in a new column “${change.keptIn}”.`,
            warning: true,
          }
        : { text: `“${change.column}” becomes ${TYPE_LABELS[change.type]}; all ${rowsWord(change.rows)} with a value convert.`, warning: false };
    case 'delete':
      return change.rows > 0
        ? { text: `“${change.column}” is deleted with its values in ${rowsWord(change.rows)}.`, warning: true }
        : { text: `“${change.column}” is deleted (no row has a value in it).`, warning: false };
    case 'fill':
      return {
        text: `${rowsWord(change.rows)} without a value in “${change.column}” will get the default “${valueText(change.value)}”.`,
        warning: true,
      };
  }
}

/** Why a rule cannot be turned on yet, and what to do. */
export function ruleSentence(problem: RuleProblem): string {
  return problem.rule === 'required'
    ? `${rowsWord(problem.rows)} ${problem.rows === 1 ? 'has' : 'have'} no value in “${problem.column}”: fill ${problem.rows === 1 ? 'it' : 'them'} in or give the column a default before making it required.`
    : `${rowsWord(problem.rows)} share${problem.rows === 1 ? 's' : ''} a value with another row in “${problem.column}”: make the values different before making it unique.`;
}
