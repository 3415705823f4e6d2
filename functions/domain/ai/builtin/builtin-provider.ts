import { isMissing } from '../../profile/values';
import { abstain, type SuggestionProvider, type SuggestionRequest, type SuggestionResult } from '../provider';
import { combine, type Candidate } from './candidates';
import { noiseModel, type NoiseModel } from './channel';
import { dependencyCandidates } from './dependency';
import { formatCandidates } from './format';
import { fixers, learnedCandidates, learnFrom, type LearnedModel, type RuleRecord } from './learning';
import { missingCandidates } from './missing';
import { outlierCandidates } from './outlier';
import { indexProfile, type ProfileIndex } from './profile-index';
import type { RuleInput } from './rule-input';
import { spillCandidates } from './spill';
import { tokenCandidates, typoCandidates } from './typo';

// The builtin provider: offline and deterministic. Every rule proposes candidate values with
// the probability that it is right; fixes people made adjust how much each rule is trusted in
// a column and add learned transformations; the evidence is combined and the best value is
// suggested only when it is more likely right than wrong.

export const BUILTIN_MODEL = 'builtin-rules-1';
/** Below this confidence (percent) the provider abstains: the suggestion would more likely be wrong. */
export const MIN_CONFIDENCE = 50;
/** Weight of a rule's own confidence against its record on this column's fixes (pseudo-fixes). */
const PRIOR_WEIGHT = 3;

type Rule = (input: RuleInput) => Candidate[];
const RULES: readonly Rule[] = [formatCandidates, typoCandidates, tokenCandidates, dependencyCandidates, spillCandidates, missingCandidates, outlierCandidates];

function runRules(input: RuleInput): Candidate[] {
  return RULES.flatMap((rule) => rule(input));
}

const noiseCache = new WeakMap<LearnedModel, NoiseModel>();

function noiseFor(index: ProfileIndex | undefined, model: LearnedModel | undefined): NoiseModel {
  if (!model || model.substitutions.length === 0) return index?.noise ?? noiseModel(undefined);
  let noise = noiseCache.get(model);
  if (!noise) {
    noise = noiseModel(index?.profile.confusions, model.substitutions);
    noiseCache.set(model, noise);
  }
  return noise;
}

/** Replays the column's fixes through the rules: which rule would have proposed the fixed value? */
function learnReliability(model: LearnedModel, index: ProfileIndex | undefined, noise: NoiseModel): void {
  if (model.reliabilityFor === (index ?? model)) return;
  for (const [column, learning] of model.columns) {
    learning.reliability.clear();
    for (const fix of learning.fixes) {
      const current = fix.oldValue ?? '';
      const proposals = runRules({ column, current, row: fix.row, col: index?.columns.get(column), index, noise });
      const byRule = new Map<string, Set<string>>();
      for (const c of proposals) byRule.set(c.rule, (byRule.get(c.rule) ?? new Set()).add(c.value));
      for (const [rule, values] of byRule) {
        const record: RuleRecord = learning.reliability.get(rule) ?? { right: 0, tried: 0, by: new Set() };
        record.tried++;
        if (values.has(fix.newValue)) {
          record.right++;
          record.by.add(fix.fixedBy);
        }
        learning.reliability.set(rule, record);
      }
    }
  }
  model.reliabilityFor = index ?? model;
}

function adjustByRecord(candidate: Candidate, record: RuleRecord | undefined): Candidate {
  if (!record || record.tried === 0) return candidate;
  const p = (PRIOR_WEIGHT * candidate.p + record.right) / (PRIOR_WEIGHT + record.tried);
  const note =
    record.right > 0
      ? ` Learned from ${record.tried} fix${record.tried === 1 ? '' : 'es'} by ${fixers(record.by)}: this kind of repair was right ${record.right === record.tried ? (record.tried === 1 ? 'once' : 'each time') : `${record.right} of ${record.tried} times`}.`
      : '';
  return { ...candidate, p, reason: candidate.reason + note };
}

/** Every candidate the rules proposed for a request, before combining (for tests and tuning). */
export function candidatesFor(request: SuggestionRequest): Candidate[] {
  return gather(request).candidates;
}

function gather(request: SuggestionRequest): { candidates: Candidate[]; model?: LearnedModel; unknown: boolean } {
  const { issue, profile, learned } = request;
  const column = issue.issue_column;
  const current = issue.current_value ?? '';
  const index = profile ? indexProfile(profile) : undefined;
  const model = learned && (learned.fixes.length > 0 || learned.penalties) ? learnFrom(learned) : undefined;
  const noise = noiseFor(index, model);
  const input: RuleInput = { column, current, row: issue.row, col: index?.columns.get(column), index, noise, learned: model };
  // No profile of the column and nothing learned: nothing to compare the value with.
  if (!input.col && !model?.columns.has(column) && !isMissing(current)) return { candidates: [], unknown: true };
  let candidates = runRules(input);
  if (model) {
    learnReliability(model, index, noise);
    const learning = model.columns.get(column);
    if (learning) candidates = [...candidates.map((c) => adjustByRecord(c, learning.reliability.get(c.rule))), ...learnedCandidates(input)];
  }
  candidates = candidates.filter((c) => c.value !== current).map((c) => ({ ...c, rule: `${column}:${c.rule}` }));
  return { candidates, model, unknown: false };
}

export function suggestBuiltin(request: SuggestionRequest): SuggestionResult {
  const { candidates, model, unknown } = gather(request);
  if (unknown) return abstain('No profile of this column and no fixes to learn from yet.');
  const best = combine(candidates, model?.penalties ?? request.learned?.penalties ?? {});
  if (!best) return abstain('No rule found a likely correction.');
  if (best.confidence < MIN_CONFIDENCE) return abstain(`The best candidate (${JSON.stringify(best.value)}) is too uncertain (${best.confidence}%).`);
  return { kind: 'suggestion', suggestedValue: best.value, confidence: best.confidence, reasoning: best.reasoning, rule: best.rule };
}

export const builtinProvider: SuggestionProvider = {
  name: 'builtin',
  model: BUILTIN_MODEL,
  suggest: async (request) => suggestBuiltin(request),
};
