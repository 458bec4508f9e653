import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { seedId } from './seed-id.js'
import { count } from 'drizzle-orm'
import {
  BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT,
  DEFAULT_GUARANTEE_DAYS,
  DEFAULT_LANDING_CONTENT,
  DEFAULT_PLAN_BENEFITS,
  DEFAULT_PRODUCT_NAME,
  DEFAULT_VIDEOS_CONTENT,
  LANDING_SECTION,
  normaliseTranscript,
} from '@sintonia/contract'
import type { Database } from '../db/client.js'
import {
  appSettings,
  audios,
  audioTranscripts,
  backgroundMusic,
  backgroundMusicSettings,
  fields,
  landingContent,
  plans,
  programDayItems,
  programDays,
  programs,
} from '../db/schema/index.js'
import { SEED_MEDIA_DIR } from '../paths.js'
import type { MediaStorage } from '../lib/storage/media-storage.js'
import { DEFAULT_SUPPORT_EMAIL, SETTING_KEYS } from '../modules/content/settings-service.js'
import { seedBackgroundMusic, seedFields } from './catalogue.js'
import { DEFAULT_PLANS } from './default-plans.js'
import { seedProgramRows } from './programs.js'
import { seedTranscripts } from './transcripts.js'
import type { SeedManifestEntry } from './make-canonical.js'
import { canonicalColumnsOf } from '../modules/catalogue/canonical-media.js'

type ManifestEntry = SeedManifestEntry

/** The shipped files are canonical (make-canonical.ts): their rows say so, with the measured loudness. */
const canonicalOf = (entry: ManifestEntry) => (entry.loudness ? canonicalColumnsOf(entry.loudness) : {})

function readManifest(): Record<string, ManifestEntry> {
  return JSON.parse(readFileSync(join(SEED_MEDIA_DIR, 'manifest.json'), 'utf8')) as Record<string, ManifestEntry>
}

/**
 * Fills an empty database with the demo catalogue: landing content, settings, six fields with
 * real sample audio (2–4 minute guided practices), background music, the three plans and two
 * published programmes of the daily practice (programs.ts). Runs only when no field exists, so
 * a second start keeps whatever admins changed.
 */
export async function seedIfEmpty(db: Database, storage: MediaStorage): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(fields)
  if (row && row.n > 0) return false
  await seedDemoCatalogue(db, storage)
  return true
}

export async function seedDemoCatalogue(db: Database, storage: MediaStorage): Promise<void> {
  const manifest = readManifest()
  const entryOf = (file: string): ManifestEntry => {
    const entry = manifest[file]
    if (!entry) throw new Error(`Arquivo de mídia de exemplo ausente no manifesto: ${file}`)
    return entry
  }

  // Files first: a failed copy leaves no rows pointing at missing media.
  const storedKeys: string[] = []
  const store = async (folder: 'audios' | 'music', file: string) => {
    const key = `${folder}/${randomUUID()}.mp3`
    await storage.put(key, readFileSync(join(SEED_MEDIA_DIR, file)))
    storedKeys.push(key)
    return key
  }

  try {
    const audioRows: (typeof audios.$inferInsert)[] = []
    const audioIdBySlug = new Map<string, string>()
    const fieldRows: (typeof fields.$inferInsert)[] = []
    // createdAt is spaced out so "creation order" (used to pick an alternative demo) is stable.
    let clock = Date.now() - 60_000
    for (const [index, field] of seedFields.entries()) {
      const fieldId = seedId('field', field.slug)
      fieldRows.push({
        id: fieldId,
        title: field.title,
        description: field.description,
        iconName: field.iconName,
        displayOrder: index + 1,
      })
      for (const audio of field.audios) {
        const entry = entryOf(audio.file)
        const audioId = seedId('audio', audio.slug)
        audioIdBySlug.set(audio.slug, audioId)
        audioRows.push({
          id: audioId,
          title: audio.title,
          description: audio.description,
          fieldId,
          tags: audio.tags,
          isDemo: audio.isDemo ?? false,
          durationSeconds: entry.durationSeconds,
          fileKey: await store('audios', audio.file),
          mimeType: entry.mimeType,
          sizeBytes: entry.bytes,
          ...canonicalOf(entry),
          createdAt: new Date((clock += 1000)),
        })
      }
    }
    const transcriptRows = Object.entries(seedTranscripts).map(([slug, text]) => {
      const audioId = audioIdBySlug.get(slug)
      if (!audioId) throw new Error(`Transcrição de um áudio que não está no catálogo de exemplo: ${slug}`)
      return { audioId, text: normaliseTranscript(text) }
    })
    const programRows = seedProgramRows((slug) => audioIdBySlug.get(slug))
    const musicRows: (typeof backgroundMusic.$inferInsert)[] = []
    for (const music of seedBackgroundMusic) {
      const entry = entryOf(music.file)
      musicRows.push({
        title: music.title,
        tags: music.tags,
        fileKey: await store('music', music.file),
        mimeType: entry.mimeType,
        sizeBytes: entry.bytes,
        durationSeconds: entry.durationSeconds,
        ...canonicalOf(entry),
        isActive: true,
      })
    }

    await db.transaction(async (tx) => {
      await tx.insert(landingContent).values([
        { section: LANDING_SECTION.landingPage, content: DEFAULT_LANDING_CONTENT },
        { section: LANDING_SECTION.videos, content: DEFAULT_VIDEOS_CONTENT },
      ]).onConflictDoNothing()
      await tx.insert(appSettings).values([
        { key: SETTING_KEYS.productName, value: DEFAULT_PRODUCT_NAME },
        { key: SETTING_KEYS.guaranteeDays, value: DEFAULT_GUARANTEE_DAYS },
        { key: SETTING_KEYS.supportEmail, value: DEFAULT_SUPPORT_EMAIL },
      ]).onConflictDoNothing()
      await tx.insert(fields).values(fieldRows)
      await tx.insert(audios).values(audioRows)
      await tx.insert(audioTranscripts).values(transcriptRows)
      await tx.insert(backgroundMusic).values(musicRows)
      await tx.insert(backgroundMusicSettings).values({ volumePercentage: BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT })
      await tx
        .insert(plans)
        .values(
          DEFAULT_PLANS.map((plan) => ({
            ...plan,
            benefits: [...DEFAULT_PLAN_BENEFITS],
            originalPriceCents: plan.priceCents,
            currency: 'BRL',
            isActive: true,
            hasPromotion: false,
          })),
        )
        .onConflictDoNothing()
      await tx.insert(programs).values(programRows.programs)
      await tx.insert(programDays).values(programRows.days)
      await tx.insert(programDayItems).values(programRows.items)
    })
  } catch (error) {
    await Promise.all(storedKeys.map((key) => storage.delete(key)))
    throw error
  }
}
