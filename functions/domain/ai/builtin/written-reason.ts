import { toComma } from '../../profile/decimal-comma';
import { commaColumns } from '../comma-columns';
import type { SuggestionRequest } from '../provider';
import { quote } from './rule-input';

/**
 * A rule's reason for a decimal-comma column, in the column's writing: the value as the person
 * sees it, and numbers (quoted or not) with the comma. (The rule read the value with a point;
 * where it was written with one, the rule saw the other mark, and the reason says so plainly.)
 */
export function reasonAsWritten(request: SuggestionRequest, read: SuggestionRequest, rule: string, suggested: string, reason: string): string {
  const column = request.issue.issue_column;
  const form = commaColumns(request.profile).get(column);
  const current = request.issue.current_value ?? '';
  if (!form) return reason;
  const grouping = form.group ? ` and groups thousands with ${form.group === '.' ? 'a point' : 'a space'}` : '';
  if (rule.endsWith('format-decimal-mark')) return `The column writes numbers with a decimal comma${grouping}: ${quote(current)} is ${quote(suggested)}.`;
  const seen = read.issue.current_value ?? '';
  // Quoted values, and the bare numbers of the text ("lie between 2317.6 and 87305.1").
  return reason
    .split(/("[^"]*")/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/(?<![\w.])\d+\.\d+(?![\w.])/g, (number) => toComma(number, form));
      const text = part.slice(1, -1);
      return text === seen ? quote(current) : text.endsWith('…') ? part : quote(toComma(text, form));
    })
    .join('');
}
