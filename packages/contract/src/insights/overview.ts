/** The admin home: counts of what the product holds and how it is doing. */
import { z } from 'zod'

// ---------------------------------------------------------------------------------------------
// Admin home
// ---------------------------------------------------------------------------------------------

export const adminOverviewSchema = z.object({
  counts: z.object({
    /** Accounts with role 'user'. */
    listeners: z.number().int().nonnegative(),
    /** Listeners with a subscription that gives access now (the subscription rule). */
    activeSubscribers: z.number().int().nonnegative(),
    fields: z.number().int().nonnegative(),
    audios: z.number().int().nonnegative(),
    leads: z.number().int().nonnegative(),
  }),
})
export type AdminOverview = z.infer<typeof adminOverviewSchema>
