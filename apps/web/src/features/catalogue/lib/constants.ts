import { MAX_TAG_CHIPS } from '@sintonia/contract'

/** Spec §9: tag chips max 10; an audio card shows 2 tags plus '+N'. */
export const TAG_CHIPS_MAX = MAX_TAG_CHIPS
export const AUDIO_CARD_VISIBLE_TAGS = 2
