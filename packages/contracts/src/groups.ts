// Group shapes the foundation needs (summaries for assignment and routing); the group screens extend this file.
import { z } from 'zod';

export const groupSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  groupType: z.number().int(),
  isActive: z.boolean(),
  parentId: z.number().int().nullable(),
});
export type GroupSummary = z.infer<typeof groupSummary>;
