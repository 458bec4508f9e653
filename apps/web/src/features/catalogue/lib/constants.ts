import { MAX_TAG_CHIPS } from '@sintonia/contract'

/** Tag chips max 10; an audio card shows 2 tags plus '+N' (docs/product/listening.md#field-page-campofieldid). */
export const TAG_CHIPS_MAX = MAX_TAG_CHIPS
export const AUDIO_CARD_VISIBLE_TAGS = 2
