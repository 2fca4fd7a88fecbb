// GET /api/dashboard (spec part 1 section 3): the consumer's counters and latest lists.
import { z } from './zod';

export const DashboardSummarySchema = z.object({
  counters: z.object({ shopping_lists: z.number(), deliveries: z.number(), contributions: z.number() }),
  recent_lists: z.array(z.object({ id: z.string(), name: z.string(), item_count: z.number(), created_at: z.string(), status: z.string() })),
});
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;
