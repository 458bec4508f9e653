import type { Database } from '../../db/client.js'
import { swapCoverImage } from '../../db/cover-column.js'
import { audios, fields } from '../../db/schema/index.js'

export const swapFieldCover = (db: Database, id: string, imageId: string | null) => swapCoverImage(db, fields, id, imageId)
export const swapAudioCover = (db: Database, id: string, imageId: string | null) => swapCoverImage(db, audios, id, imageId)
