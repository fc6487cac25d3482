// The embed codes an owner copied from /widget (GET/PUT /api/widget-snippets):
// the server remembers the height of the box each one reserves, so /widget can
// say when a later settings change (the form, the testimonial dialog's quick
// toggle) made the code on the owner's site too small (docs/decisions/0024).
import { z } from 'zod';

export const SNIPPET_KINDS = ['script', 'iframe'] as const;
export type SnippetKind = (typeof SNIPPET_KINDS)[number];

/** Far above any height the settings can ask for (widget-box.ts), far below anything odd. */
const SNIPPET_HEIGHT_MAX = 5000;

/** PUT /api/widget-snippets: the code just copied, and the height of the box it reserves. */
export const copiedSnippetInputSchema = z.object({
  kind: z.enum(SNIPPET_KINDS, { error: 'Kind must be script or iframe' }),
  height: z
    .number({ error: 'Height must be a number of pixels' })
    .int('Height must be a whole number of pixels')
    .min(1, 'Height must be at least 1 pixel')
    .max(SNIPPET_HEIGHT_MAX, `Height must be at most ${SNIPPET_HEIGHT_MAX} pixels`),
});
export type CopiedSnippetInput = z.infer<typeof copiedSnippetInputSchema>;

const copiedSnippetSchema = z.object({
  height: z.number().int(),
  /** ISO 8601. */
  copiedAt: z.string(),
});

/** The last copy of each code, or null for a code never copied since the server started remembering. */
export const copiedSnippetsSchema = z.object({
  script: copiedSnippetSchema.nullable(),
  iframe: copiedSnippetSchema.nullable(),
});
export type CopiedSnippets = z.infer<typeof copiedSnippetsSchema>;
