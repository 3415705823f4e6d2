import { aiConfig } from './ai-config';
import { contextSource, refKey } from './context-source';
import { configuredProvider } from './providers';
import { aiRepository } from '../dynamodb/ai-repository';
import { datasetMetaRepository } from '../dynamodb/dataset-meta-repository';
import { feedbackRepository } from '../dynamodb/feedback-repository';
import { issuesRepository } from '../dynamodb/issues-repository';
import { suggestionsLeasePolicy } from '../queue/queue-definition';
import { suggestionQueue } from '../queue/suggestion-queue';
import { sourceStore } from '../storage/source-store';
import type { Member } from '../../domain/ai/pipeline/controls';
import type { FeedbackStore, SuggestionContextSource, SuggestionQueue } from '../../domain/ai/pipeline/ports';
import { planSubscription, type Caller } from '../../domain/tenancy/caller';
import { systemClock } from '../../lib/clock';

// The composition root of the AI routes and the worker: the adapters behind the use cases,
// created once per container.

let context: SuggestionContextSource | undefined;

export function aiContext(): SuggestionContextSource {
  context ??= contextSource({ meta: datasetMetaRepository, issues: issuesRepository, sources: sourceStore() });
  return context;
}

/** Feedback votes change rarely and are read for every batch: kept 30 s per dataset. */
const votes = new Map<string, { at: number; value: ReturnType<FeedbackStore['ruleVotes']> }>();
export const aiFeedback: FeedbackStore = {
  add: (ref, record) => {
    votes.delete(refKey(ref));
    return feedbackRepository.add(ref, record);
  },
  ruleVotes: (ref) => {
    const key = refKey(ref);
    const hit = votes.get(key);
    if (hit && Date.now() - hit.at < 30_000) return hit.value;
    const value = feedbackRepository.ruleVotes(ref);
    votes.set(key, { at: Date.now(), value });
    return value;
  },
};

export const aiStores = {
  issues: aiRepository,
  writer: aiRepository,
  state: aiRepository,
  ledger: aiRepository,
  feedback: aiFeedback,
  clock: systemClock,
  /** Read when used: the local stack sets the visibility timeout before the first request. */
  get lease() {
    const seconds = Number(process.env.SUGGESTIONS_VISIBILITY_SECONDS);
    return suggestionsLeasePolicy(Number.isInteger(seconds) && seconds > 0 ? seconds : undefined);
  },
};

export function providerDeps() {
  return { ...aiStores, context: aiContext(), provider: configuredProvider(), providerTimeoutMs: aiConfig().AI_TIMEOUT_MS * aiConfig().AI_ATTEMPTS + 1000 };
}

export function controlDeps() {
  return { state: aiRepository, ledger: aiRepository, queue: lazyQueue, clock: systemClock, dollarsPerCredit: aiConfig().CREDIT_DOLLARS, lease: aiStores.lease };
}

/** Resolved on first send, so routes that never enqueue need no queue configured. */
export const lazyQueue: SuggestionQueue = { send: (messages) => suggestionQueue().send(messages) };

export function memberOf(caller: Caller): Member {
  return { orgId: caller.organization.id, email: caller.email, subscription: planSubscription(caller) };
}
