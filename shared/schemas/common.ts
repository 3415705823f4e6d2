import * as z from 'zod';

/** The error body every route answers with on failure (ARCHITECTURE §5). */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  details: z.unknown().optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const emailSchema = z.string({ error: 'is required' }).max(320, 'must be at most 320 characters').trim().toLowerCase().pipe(z.email({ message: 'must be a valid e-mail address' }));
