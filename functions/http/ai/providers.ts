import { aiConfig } from '../../adapters/ai/ai-config';
import { providerCatalogue } from '../../adapters/ai/providers';
import { defineRoute } from '../define-route';

// GET /api/ai/providers: the providers, which one is active, and the price of a credit.
export const handler = defineRoute({}, async () => ({
  body: { success: true, providers: providerCatalogue(aiConfig()), dollarsPerCredit: aiConfig().CREDIT_DOLLARS },
}));
