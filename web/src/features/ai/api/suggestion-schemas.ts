import * as z from 'zod';
import { batchResponseSchema, suggestionViewSchema } from '../../../../../shared/schemas/ai';
import { resolveResponseSchema } from '../../../../../shared/schemas/issues';

// Response schemas of the suggestion calls (suggestions.ts), loaded beside the first request.
export { batchResponseSchema, resolveResponseSchema };
export const viewsResponseSchema = z.object({ success: z.literal(true), data: z.array(suggestionViewSchema) });
export const feedbackResponseSchema = z.object({ success: z.literal(true), data: suggestionViewSchema });
