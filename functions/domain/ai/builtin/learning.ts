import type { Learned, LearnedFix, SourceRecord } from '../provider';
import type { Candidate } from './candidates';
import { substitutionsOf } from './channel';
import { quote, type RuleInput } from './rule-input';
import { TRANSFORMS, type Transform } from './transforms';

// Learning from manual fixes of a dataset. Three things are learned per column:
//  - value mappings: this exact failed value was fixed to that value;
//  - transformations: which generic transformation (with which parameter) each fix is an
//    instance of, and how often it held among the fixes it applied to;
//  - which of the builtin rules would have proposed the fix (rule reliability, filled in by the
//    provider, which owns the rules), so a rule that keeps being right gains confidence and one
//    that keeps being wrong loses it.
// Fixes also teach the typo model which characters this data gets wrong.

export interface LearnedRule {
  transform: Transform;
  param: string;
  explained: number;
  /** Fixes of the column the transformation applied to (right or wrong). */
  applicable: number;
  by: Set<string>;
}

export interface RuleRecord {
  right: number;
  tried: number;
  by: Set<string>;
}

export interface ColumnLearning {
  fixes: LearnedFix[];
  mappings: Map<string, Map<string, { count: number; by: Set<string> }>>;
  rules: LearnedRule[];
  /** Builtin rule id -> how often it would have proposed the fixed value. */
  reliability: Map<string, RuleRecord>;
  /** Values people wrote: certainly valid values of the column. */
  confirmed: Map<string, number>;
}

export interface LearnedModel {
  columns: Map<string, ColumnLearning>;
  /** [intended, written] character substitutions seen in the fixes. */
  substitutions: Array<[string, string, number]>;
  penalties: Readonly<Record<string, number>>;
  /** Set once rule reliability has been computed against a profile. */
  reliabilityFor?: object;
}

function learnColumn(fixes: LearnedFix[]): ColumnLearning {
  const mappings = new Map<string, Map<string, { count: number; by: Set<string> }>>();
  const confirmed = new Map<string, number>();
  const rules = new Map<string, LearnedRule>();
  for (const fix of fixes) {
    const from = fix.oldValue ?? '';
    const targets = mappings.get(from) ?? new Map<string, { count: number; by: Set<string> }>();
    const entry = targets.get(fix.newValue) ?? { count: 0, by: new Set<string>() };
    entry.count++;
    entry.by.add(fix.fixedBy);
    targets.set(fix.newValue, entry);
    mappings.set(from, targets);
    confirmed.set(fix.newValue, (confirmed.get(fix.newValue) ?? 0) + 1);
    for (const transform of TRANSFORMS) {
      const param = transform.infer(from, fix.newValue, fix.row);
      if (param === undefined) continue;
      const key = `${transform.id}\u0000${param}`;
      if (!rules.has(key)) rules.set(key, { transform, param, explained: 0, applicable: 0, by: new Set() });
    }
  }
  // Second pass: how each candidate transformation fares on every fix of the column.
  for (const rule of rules.values()) {
    for (const fix of fixes) {
      const result = rule.transform.apply(fix.oldValue ?? '', fix.row, rule.param);
      if (result === undefined || result === (fix.oldValue ?? '')) continue;
      rule.applicable++;
      if (result === fix.newValue) {
        rule.explained++;
        rule.by.add(fix.fixedBy);
      }
    }
  }
  return { fixes, mappings, confirmed, rules: [...rules.values()].filter((r) => r.explained > 0), reliability: new Map() };
}

const cache = new WeakMap<Learned, LearnedModel>();

export function learnFrom(learned: Learned): LearnedModel {
  const cached = cache.get(learned);
  if (cached) return cached;
  const byColumn = new Map<string, LearnedFix[]>();
  const pairs = new Map<string, number>();
  for (const fix of learned.fixes) {
    const list = byColumn.get(fix.column) ?? [];
    list.push(fix);
    byColumn.set(fix.column, list);
    for (const [a, b] of substitutionsOf(fix.newValue, fix.oldValue ?? '')) {
      if (a.toLowerCase() === b.toLowerCase()) continue;
      pairs.set(a + '\u0000' + b, (pairs.get(a + '\u0000' + b) ?? 0) + 1);
    }
  }
  const model: LearnedModel = {
    columns: new Map([...byColumn].map(([column, fixes]) => [column, learnColumn(fixes)])),
    substitutions: [...pairs].map(([key, n]) => {
      const [a, b] = key.split('\u0000') as [string, string];
      return [a, b, n];
    }),
    penalties: learned.penalties ?? {},
  };
  cache.set(learned, model);
  return model;
}

export function fixers(by: Set<string>): string {
  const list = [...by].sort();
  return list.length <= 2 ? list.join(' and ') : `${list.slice(0, 2).join(', ')} and ${list.length - 2} other${list.length === 3 ? '' : 's'}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 'es'}`;

/** Candidates from what the column's fixes taught: exact mappings and transformations. */
export function learnedCandidates(input: RuleInput): Candidate[] {
  const learning = input.learned?.columns.get(input.column);
  if (!learning) return [];
  const out: Candidate[] = [];
  const targets = learning.mappings.get(input.current);
  if (targets) {
    const total = [...targets.values()].reduce((s, t) => s + t.count, 0);
    for (const [value, t] of targets) {
      if (value === input.current) continue;
      out.push({
        value,
        p: Math.min(0.97, (t.count + 1) / (total + 2)) * 0.97 + 0.02,
        family: 'learned',
        rule: 'learned-map',
        reason: `Learned from ${plural(t.count, 'fix')} by ${fixers(t.by)}: ${quote(input.current)} was changed to ${quote(value)}.`,
      });
    }
  }
  for (const rule of learning.rules) {
    const value = rule.transform.apply(input.current, input.row, rule.param);
    if (value === undefined || value === input.current) continue;
    // Beta(1,1) estimate of how often this transformation is the right fix when it applies.
    const p = (rule.explained + 0.5) / (rule.applicable + 1.5);
    out.push({
      value,
      p: Math.min(0.97, p),
      family: 'learned',
      rule: `learned-${rule.transform.id}:${rule.param.replace(/\u0000/g, ':')}`,
      reason: `Learned from ${plural(rule.explained, 'fix')} by ${fixers(rule.by)}: ${rule.transform.describe(rule.param)}.`,
    });
  }
  return out;
}

export type { SourceRecord };
