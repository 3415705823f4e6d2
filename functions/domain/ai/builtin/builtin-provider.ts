import { classify } from '../../profile/column-stats';
import { inUsualRange, wordsAtMarks, type ColumnType } from '../../profile/profile';
import { applyCase, caselessShape, caseStyleOf, fold, isMissing, parseNumberLike, shapeOf, type CaseStyle } from '../../profile/values';
import { asWritten, inPointForm } from '../comma-columns';
import { abstain, type Learned, type LearnedFix, type Neighbours, type SuggestionProvider, type SuggestionRequest, type SuggestionResult } from '../provider';
import { abbreviationCandidates } from './abbreviations';
import { affixCandidates } from './affixes';
import { arithmeticCandidates, clockSumCandidates, groupRatioCandidates } from './arithmetic';
import { penalise, type Candidate } from './candidates';
import { codeLayoutCandidates } from './code-layout';
import { noiseModel, type NoiseModel } from './channel';
import { contextNumberCandidates } from './context-number';
import { currencyCandidates } from './currencies';
import { decimalsCandidates } from './decimals';
import { dependencyCandidates } from './dependency';
import { durationCandidates } from './durations';
import { domainCandidates } from './domain';
import { evidenceFor, type ValueEvidence } from './features';
import { formatCandidates, inColumnsClock, inColumnsNumber, tidierWriting } from './format';
import { gtinCandidates } from './gtin';
import { learnedCandidates, learnFrom, learnWithout, taughtWay, taughtWriting, type LearnedModel } from './learning';
import { fitLogistic } from './logistic';
import { inColumnUnit } from './measures';
import { markerHabit, missingCandidates } from './missing';
import { fullYearCandidates, monthCandidates, periodCandidates } from './months';
import { numeralCandidates } from './numerals';
import { outlierCandidates } from './outlier';
import { regionCandidates, trailingCountryCandidates } from './regions';
import { PRIOR_WEIGHTS } from './prior-weights';
import { indexProfile, type ColumnIndex, type ProfileIndex } from './profile-index';
import type { RuleInput } from './rule-input';
import { MIN_CONFIDENCE, rank } from './scorer';
import { spillCandidates } from './spill';
import { strayMarkCandidates } from './stray-marks';
import { boundaryCandidates, cycleCandidates, runCandidates, sequenceCandidates } from './sequence';
import { heldByAnotherColumn, swapCandidates } from './swap';
import { temperatureCandidates } from './temperatures';
import { clockSlipCandidates, commonerSpelling, dateSlipCandidates, shapeRepairCandidates, tokenCandidates, typoCandidates } from './typo';
import { inHabitsCapitals, outOfCapitals } from './word-case';
import { listOrderCandidates, wordOrderCandidates } from './word-order';
import { urlCandidates } from './urls';
import { reasonAsWritten } from './written-reason';

// The builtin provider: offline and deterministic. Every rule proposes candidate values with the
// probability that it is right on its own evidence; features.ts turns the proposals for each value
// into a feature vector (Baran's value-, vicinity- and domain-based signals), and a logistic model
// says how likely each value is right. Zero-shot the model's weights are the prior fitted on the
// held-out tune sets; once people have fixed rows of the dataset, the weights are refitted on those
// fixes (each fix replayed with what the other fixes taught), pulled toward the prior. The best
// value is suggested only when it is more likely right than wrong.

export const BUILTIN_MODEL = 'builtin-rules-2';
export { MIN_CONFIDENCE };
/**
 * Pull of the prior weights against the dataset's fixes (L2 penalty). Twenty fixed rows hold a
 * few dozen fixes for 26 weights: on the tune split (five error draws × three draws of the fixed
 * rows at 6 %, two at 15 and 30 %), a pull of 12 instead of 4 kept most of what the fixes add at
 * the higher error rates (+0.0033 F1 against +0.0042) and cut the worst loss they caused at 6 %
 * from 0.009 to 0.0035 F1: the prior, fitted at three error rates, needs less correcting.
 */
export const FIX_LAMBDA = 12;

type Rule = (input: RuleInput) => Candidate[];
const RULES: readonly Rule[] = [formatCandidates, numeralCandidates, regionCandidates, trailingCountryCandidates, currencyCandidates, temperatureCandidates, gtinCandidates, urlCandidates, monthCandidates, periodCandidates, fullYearCandidates, wordOrderCandidates, listOrderCandidates, codeLayoutCandidates, strayMarkCandidates, affixCandidates, abbreviationCandidates, durationCandidates, typoCandidates, shapeRepairCandidates, dateSlipCandidates, clockSlipCandidates, tokenCandidates, dependencyCandidates, arithmeticCandidates, clockSumCandidates, groupRatioCandidates, spillCandidates, missingCandidates, outlierCandidates, decimalsCandidates, inColumnUnit(outlierCandidates), inColumnUnit(decimalsCandidates), contextNumberCandidates, inColumnUnit(contextNumberCandidates), swapCandidates, domainCandidates, sequenceCandidates, runCandidates, cycleCandidates, boundaryCandidates];

/** How far a value carried in from other rows is believed for a marker its column writes as a habit (markerHabit). */
const HABIT_MARKER_FILL = 0.5;
/** Rules that propose a value read in other rows, which may carry a slip of its own. */
const CARRIED: ReadonlySet<Candidate['family']> = new Set(['dependency', 'run', 'domain', 'sequence']);

/**
 * A rewrite of the failed value into the column's layout ("5:17 PM" as "5:17 p.m.") that keeps
 * what it says: right only where the value itself is. A slip of case or spacing is a slip of one
 * cell; a layout is how a source writes, whatever it reports. So is a layout the fixes taught
 * (a learned rewrite that keeps the value's class).
 */
const relaysLayout = (c: Candidate, current: string, classOf: (value: string) => string) =>
  fold(c.value) !== fold(current) && (c.family === 'format' || (c.family === 'learned' && classOf(c.value) === classOf(current)));

/**
 * How likely the row's own value is right, from its source's accuracy (relative to the most
 * accurate source's): a careless source's value written in the column's layout is still the
 * careless source's value. 1 where the dataset has no source column.
 */
function sourceFactor(input: RuleInput): number {
  const trust = input.index?.sourceWeights;
  const source = trust ? input.row?.[trust.column] : undefined;
  return trust && source != null ? (trust.relativeAccuracy.get(source) ?? 1) : 1;
}

/**
 * How sure the column is of a value's spelling: where writing values two ways is the column's
 * habit (half of it upper-cased by a second system: spellingHabit), the spelling's share of
 * the value's two commonest spellings; 1 otherwise (a slip's variant is no doubt about it).
 */
function spellingShare(col: RuleInput['col'], value: string): number {
  if (!col?.spellingHabit) return 1;
  const folded = fold(value);
  const second = col.secondByFolded.get(folded);
  const top = col.byFolded.get(folded);
  if (second !== undefined && top !== undefined && (value === top || value === second)) {
    const [n, m] = [col.counts.get(top) ?? 0, col.counts.get(second) ?? 0];
    return (value === top ? n : m) / (n + m);
  }
  // A value written one way only (a time of day each flight's rows spell alike): the share of
  // its shape among the shapes that differ from it in letter case alone ("d:dd A.A." beside "d:dd a.a.").
  const shape = shapeOf(value);
  const own = col.shapeShare.get(shape) ?? 0;
  const caseless = caselessShape(shape);
  let cased = 0;
  for (const [other, share] of col.shapeShare) if (caselessShape(other) === caseless) cased += share;
  return own > 0 && cased > 0 ? own / cased : 1;
}

/** The value in the other letter case, where the column writes that shape too (undefined otherwise). */
function otherCase(col: RuleInput['col'], value: string): string | undefined {
  if (!col) return undefined;
  for (const variant of [value.toLowerCase(), value.toUpperCase()]) if (variant !== value && (col.shapeShare.get(shapeOf(variant)) ?? 0) > 0) return variant;
  return undefined;
}

function runRules(input: RuleInput): Candidate[] {
  const proposed = RULES.flatMap((rule) => rule(input));
  const classOf = input.index?.classKey(input.column);
  if (input.learned) {
    // A layout the fixes taught says no more than the column's own layout where both write the
    // value the same way: counted twice, it would outweigh what the entity's other rows say.
    const formatted = new Set(proposed.filter((c) => c.family === 'format').map((c) => c.value));
    proposed.push(...learnedCandidates(input).filter((c) => !(classOf && formatted.has(c.value) && relaysLayout(c, input.current, classOf))));
  }
  // Where the rows of the same entity name another value, the source's record says how far the row's own value is to be believed.
  const factor = sourceFactor(input);
  const disputed = factor < 1 && !!classOf && proposed.some((c) => c.family === 'dependency' && classOf(c.value) !== classOf(input.current));
  const out = disputed ? proposed.map((c) => (relaysLayout(c, input.current, classOf) ? { ...c, p: c.p * factor } : c)) : proposed;
  // A value read in other rows is proposed as the column spells it, where it is a slip there.
  // Where the column's fixes wrote one case, a value read in other rows is proposed in it.
  const taught = taughtCase(input);
  // Where part of the column is in capitals as a second system's habit, a value carried in capitals
  // is the first system's value written the second's way: the other rows say which value, the rest
  // of the column how it is written. So is a value swapped in from another column of the row.
  const atMarks = wordsAtMarks(input.index?.profile);
  const uncap = (value: string) => (input.col ? outOfCapitals(input.col, value, atMarks) : undefined);
  // A value the column's fixes rewrite ("usa" fixed to "USA" wherever it was fixed, dates written
  // month first rewritten as ISO dates), read in other rows or cells or the failed value in the
  // column's layout, is proposed as they write it: those rows say which value, the fixes how the
  // column writes it. (A value another rule made of the failed one, by repairing a slip, is left as
  // the rule wrote it: rewritten, it would pass for a second witness of a value another rule read
  // the same way.) A proposal the fixes would write back as the failed value itself is the failed
  // value in another writing, which the fixes undo: not proposed.
  const learning = input.learned?.columns.get(input.column);
  const inTaughtWriting = new Set<Candidate>();
  const taughtOut = learning
    ? out.flatMap((c) => {
        if (c.family === 'learned') return [c];
        const rewritten = taughtWriting(learning, c.value, classOf, input.col);
        if (rewritten === undefined) return [c];
        if (rewritten === input.current) return [];
        if (c.family !== 'swap' && c.family !== 'format' && !CARRIED.has(c.family)) return [c];
        const written = { ...c, value: rewritten };
        inTaughtWriting.add(written);
        return [written];
      })
    : out;
  const spelt = taughtOut.flatMap((given) => {
    if (inTaughtWriting.has(given)) return [given];
    if (given.family !== 'swap' && !CARRIED.has(given.family)) return [given];
    // A time of day or a number the other rows (or cells) write in their source's way ("5:17 PM",
    // "12.0", "12 fth" where the column writes "5:17 p.m." and "12") is written as the column writes
    // its times and numbers, as a failed one is (clockTimes, numbers): those rows say which value, not how.
    const inForm = inColumnsClock(input.col, given.value) ?? inColumnsNumber(input, given.value);
    const c = inForm === undefined ? given : { ...given, value: inForm };
    if (c.family === 'swap') {
      const uncapped = uncap(c.value);
      return uncapped ? [{ ...c, value: uncapped }] : [c];
    }
    const inTaught = taught === undefined ? undefined : applyCase(c.value, taught);
    if (inTaught !== undefined && input.col?.counts.has(inTaught)) return [{ ...c, value: inTaught }];
    const uncapped = uncap(c.value);
    const commoner = commonerSpelling(input, c.value);
    const value = uncapped || (commoner ?? tidierWriting(input.col, c.value) ?? c.value);
    // The other rows say which value; which of its spellings is the column's, only its counts say.
    const share = spellingShare(input.col, value);
    if (value === c.value && share === 1) return [c];
    const own = { ...c, value, p: c.p * share };
    if (uncapped) return [own];
    // Where the other rows hold the failed value itself in another form ("5:17 P.M." for "17:17"),
    // they say nothing of its spelling: it is proposed in the column's other case as well (not in
    // capitals where those are a second system's habit, as above).
    if (!classOf || classOf(value) !== classOf(input.current)) return [own];
    const other = otherCase(input.col, value);
    const kept = other !== undefined && !(input.col && inHabitsCapitals(input.col, other));
    return kept ? [own, { ...c, value: other, p: c.p * spellingShare(input.col, other) }] : [own];
  });
  // A marker its column writes for its empty cells as a habit is most likely one of them: a value
  // carried in from other rows is as likely to fill what was empty as to restore what was lost.
  const habitual = markerHabit(input) ? HABIT_MARKER_FILL : 1;
  const filled = (habitual === 1 ? spelt : spelt.map((c) => (CARRIED.has(c.family) ? { ...c, p: c.p * habitual } : c)))
    // A value another row or column holds, of another kind than nearly all of this column's (a
    // number carried into a column of airport codes, a code into a column of dates), is that row's
    // own error or another column's value, not this cell's.
    .filter((c) => !((CARRIED.has(c.family) || c.family === 'swap') && ofOtherType(input.col, c.value)))
    // So is a number at another scale than the column's (that row's scale slip).
    .filter((c) => !(CARRIED.has(c.family) && scaleSlip(input.col, c.value)));
  // A value already written in the case the column's fixes write theirs failed for something else
  // than its case: a rewrite into another case, by whichever rule, is not proposed.
  const kept = taught !== undefined && caseStyleOf(input.current) === taught ? filled.filter((c) => c.value.toLowerCase() !== input.current.toLowerCase()) : filled;
  // A value another column of the table holds, written just so, in a shape foreign to this column,
  // was carried in from there (two cells swapped): re-cased into a writing this column never holds
  // it is no value of this column (a district code "KT" among harbours is no "Kt"). Tune split (6 and
  // 30 % errors, two draws each, and two habit draws, with 20 fixes): no such re-casing proposed was
  // right (0 of 1,028), other re-casings 66 %.
  const carried = heldByAnotherColumn(input) ? kept.filter((c) => !(c.value.trim().toLowerCase() === input.current.trim().toLowerCase() && !input.col?.counts.has(c.value))) : kept;
  // Rule keys carry the column: feedback penalises a rule in one column, not everywhere.
  return carried.filter((c) => c.value !== input.current).map((c) => ({ ...c, rule: `${input.column}:${c.rule}` }));
}

/** The case the column's fixes wrote their values in, where they agree (taughtWay). */
function taughtCase(input: RuleInput): CaseStyle | undefined {
  return input.learned && (taughtWay(input.learned.columns.get(input.column), 'case') as CaseStyle | undefined);
}

/** Powers of ten a number written at the wrong scale is off by. */
const SCALES = [10, 100, 1000];

/**
 * Whether a plain number is another row's scale slip: outside the range the column's numbers
 * usually hold, inside it at a power of ten, and held in one row at most (a number the column holds
 * again and again is one of its values, however its percentiles place it; and a rare far value of
 * its own, the longitude of an island, is no power of ten off).
 */
function scaleSlip(col: ColumnIndex | undefined, value: string): boolean {
  const stats = col?.profile.numeric;
  const n = stats ? parseNumberLike(value) : undefined;
  if (!col || !stats || n?.form !== 'plain' || inUsualRange(stats, n.value) || (col.counts.get(value) ?? 0) >= 2) return false;
  return SCALES.some((f) => inUsualRange(stats, n.value / f) || inUsualRange(stats, n.value * f));
}

/** Share of a column's values of one kind from which a value of another kind is foreign to it. */
const TYPED_SHARE = 0.9;

/**
 * The kind of a type, as far as a value carried in must match: a plain number, a date, or anything
 * else (a code such as "58G" reads as a quantity, so words, codes and quantities are one kind).
 */
const typeKind = (type: ColumnType) => (type === 'integer' || type === 'decimal' ? 'number' : type === 'date' ? 'date' : 'other');

/** Whether a value (not a blank or a marker) is of another kind than the column nearly always holds. */
function ofOtherType(col: ColumnIndex | undefined, value: string): boolean {
  if (!col || col.profile.typeShare < TYPED_SHARE || value.trim() === '' || isMissing(value)) return false;
  return typeKind(classify(value.trim())) !== typeKind(col.profile.type);
}

/** Keyed by the substitutions a model learnt: leave-one-out models that share them share it. */
const noiseCache = new WeakMap<LearnedModel['substitutions'], NoiseModel>();

function noiseFor(index: ProfileIndex | undefined, model: LearnedModel | undefined): NoiseModel {
  if (!model || model.substitutions.length === 0) return index?.noise ?? noiseModel(undefined);
  let noise = noiseCache.get(model.substitutions);
  if (!noise) {
    noise = noiseModel(index?.profile.confusions, model.substitutions);
    noiseCache.set(model.substitutions, noise);
  }
  return noise;
}

function inputFor(column: string, current: string, row: RuleInput['row'], index: ProfileIndex | undefined, model: LearnedModel | undefined, neighbours?: Neighbours): RuleInput {
  return { column, current, ...(row ? { row } : {}), ...(neighbours ? { neighbours } : {}), col: index?.columns.get(column), index, noise: noiseFor(index, model), ...(model ? { learned: model } : {}) };
}

const weightsCache = new WeakMap<LearnedModel, { index: ProfileIndex | undefined; weights: number[] }>();

/**
 * The model's weights for a dataset with fixes: each fix is replayed through the rules with what
 * the other fixes taught (leave one out, so a fix never proposes itself), every candidate value is
 * an example (right if it is the value the person wrote), and the logistic model is fitted on
 * them, pulled toward the prior.
 */
export function datasetWeights(learned: Learned, index: ProfileIndex | undefined): number[] {
  const model = learnFrom(learned);
  const hit = weightsCache.get(model);
  if (hit && hit.index === index) return hit.weights;
  const x: number[][] = [];
  const y: number[] = [];
  const fixes = learned.fixes;
  fixes.forEach((fix: LearnedFix, i) => {
    const current = fix.oldValue ?? '';
    if (current === fix.newValue) return;
    const loo = learnWithout(learned, i);
    const input = inputFor(fix.column, current, fix.row, index, loo);
    if (!input.col && !isMissing(current) && !loo?.columns.has(fix.column)) return;
    for (const e of evidenceFor(penalise(runRules(input), learned.penalties ?? {}), input)) {
      x.push(e.x);
      y.push(e.value === fix.newValue ? 1 : 0);
    }
  });
  const weights = x.length > 0 ? fitLogistic(x, y, { prior: PRIOR_WEIGHTS, lambda: FIX_LAMBDA }) : [...PRIOR_WEIGHTS];
  weightsCache.set(model, { index, weights });
  return weights;
}

interface Gathered {
  /** The request as the rules read it (decimal-comma columns in decimal-point form). */
  read: SuggestionRequest;
  input: RuleInput;
  candidates: Candidate[];
  model?: LearnedModel;
}

function gather(request: SuggestionRequest): Gathered | undefined {
  const read = inPointForm(request);
  const { issue, profile, learned } = read;
  const column = issue.issue_column;
  const current = issue.current_value ?? '';
  const index = profile ? indexProfile(profile) : undefined;
  const model = learned && (learned.fixes.length > 0 || learned.penalties) ? learnFrom(learned) : undefined;
  const input = inputFor(column, current, issue.row, index, model, issue.neighbours);
  // No profile of the column and nothing learned: nothing to compare the value with.
  if (!input.col && !model?.columns.has(column) && !isMissing(current)) return undefined;
  return { read, input, candidates: penalise(runRules(input), learned?.penalties ?? {}), ...(model ? { model } : {}) };
}

/** Every candidate the rules proposed for a request, before weighing (for tests and tuning). */
export function candidatesFor(request: SuggestionRequest): Candidate[] {
  return (gather(request)?.candidates ?? []).map((c) => ({ ...c, value: asWritten(request.profile, request.issue.issue_column, c.value) }));
}

/** The evidence per candidate value of a request (for fitting the prior on the tune sets). */
export function evidenceOf(request: SuggestionRequest): ValueEvidence[] {
  const g = gather(request);
  return g ? evidenceFor(g.candidates, g.input).map((e) => ({ ...e, value: asWritten(request.profile, request.issue.issue_column, e.value) })) : [];
}

export function suggestBuiltin(request: SuggestionRequest): SuggestionResult {
  const g = gather(request);
  if (!g) return abstain('No profile of this column and no fixes to learn from yet.');
  const weights = g.model && g.read.learned && g.read.learned.fixes.length > 0 ? datasetWeights(g.read.learned, g.input.index) : PRIOR_WEIGHTS;
  const best = rank(g.candidates, g.input, weights);
  if (!best) return abstain('No rule found a likely correction.');
  // Never 100: no evidence makes a repair certain.
  const confidence = Math.min(99, Math.round(best.p * 100));
  if (confidence < MIN_CONFIDENCE) return abstain(`The best candidate (${JSON.stringify(best.value)}) is too uncertain (${confidence}%).`);
  const column = request.issue.issue_column;
  const value = asWritten(request.profile, column, best.value);
  const rule = best.candidates[0]!.rule;
  const reasons = [...new Set(best.candidates.slice(0, 3).map((c) => reasonAsWritten(request, g.read, c.rule, value, c.reason)))].join(' ');
  const rivalry = best.runnerUp && best.runnerUp.p >= 0.15 ? ` Another candidate, ${JSON.stringify(asWritten(request.profile, column, best.runnerUp.value))}, is also possible.` : '';
  return { kind: 'suggestion', suggestedValue: value, confidence, reasoning: reasons + rivalry, rule };
}

export const builtinProvider: SuggestionProvider = {
  name: 'builtin',
  model: BUILTIN_MODEL,
  suggest: async (request) => suggestBuiltin(request),
};
