import { z } from 'zod'
import { REALTIME_CHANNEL_ADMIN_SYNC, type RealtimeClientMessage } from './realtime.js'

const channel = z.literal(REALTIME_CHANNEL_ADMIN_SYNC)

/** What the server accepts from a client (docs/realtime.md); unknown types are ignored. */
export const realtimeClientMessageSchema: z.ZodType<RealtimeClientMessage> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join'), channel }),
  z.object({ type: z.literal('leave'), channel }),
  z.object({ type: z.literal('ping') }),
])
