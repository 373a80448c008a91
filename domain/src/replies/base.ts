/** What the reply schemas share: optional text read as null, and the plain acknowledgement of a write. */
import { z } from 'zod';

/** A text field the server sends as a string, null, or not at all: null when absent. */
export const nullableText = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

/**
 * The acknowledgement of a write whose result the page does not read:
 * `{ success: true }`, with the spec's message where the route has one
 * (e.g. "Project Updated", "Settings saved").
 */
export const successReply = z.object({ success: z.literal(true), message: z.string().optional() });
