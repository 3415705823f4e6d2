import * as z from 'zod';
import { processingStatusSchema } from '../../../../shared/schemas/ai';

// Response schemas defined by the web app itself, loaded beside their requests (see ResponseSchema
// in ../api-client.ts), so that zod stays out of the first download.
export const processingStatusResponseSchema = z.object({ success: z.literal(true), data: processingStatusSchema });
/** Any body: the caller does not read it. */
export const anyBodySchema = z.unknown();
/** `{ success: true, … }`. */
export const okSchema = z.object({ success: z.literal(true) }).passthrough();
