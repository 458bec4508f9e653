/**
 * Prepares a journey server's database with state the seed does not have — the embedded one of a
 * DATA_DIR before its server starts (PGlite allows one process at a time), or, with `databaseUrl`,
 * a PostgreSQL database while its servers run:
 * - `landingContent`: the stored landing_page content (any JSON, valid or not);
 * - `paidCheckouts`: checkouts the payment provider confirmed for buyers without an account yet,
 *   recorded as the payment webhook records them (pending_subscriptions, and the access link the
 *   purchase e-mail carries, with the token `preparedAccessToken(sessionId)`) — the buyer then
 *   creates the password at /onboarding/definir-senha?token=, the real pay-first path;
 * - `plans`: plans switched off or given a promotion, as the admin pricing page would;
 * - `people`: listener accounts with a subscription (a cancellation scheduled, a refund requested);
 * - `practicePrograms`: published programmes whose days are one short clip (PRACTICE_CLIP) heard a
 *   few times, stored as an admin's programme editor would.
 * It runs in the journey's own process: the migrations and the seed are no-ops on a copy of the
 * run's template (e2e/support/global-setup.ts), so only the preparation itself is written.
 */
import { createHash, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase } from '../../apps/api/src/db/client.js'
import { asc, eq } from 'drizzle-orm'
import {
  accessLinks,
  audios,
  fields,
  pendingSubscriptions,
  plans,
  programDayItems,
  programDays,
  programs,
  refundRequests,
  subscriptions,
  user,
} from '../../apps/api/src/db/schema/index.js'
import { seedIfEmpty } from '../../apps/api/src/seed/index.js'
import { LocalDiskStorage } from '../../apps/api/src/lib/storage/local-disk-storage.js'
import { upsertSection } from '../../apps/api/src/modules/content/landing-repository.js'
import { BREATH_CLIP, PRACTICE_CLIP, preparedAccessToken, type Preparation } from './preparation.js'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** The prepared programmes' intentions, one per day in turn. */
const INTENTIONS = [
  'Chegue devagar. Hoje basta respirar e perceber como você está.',
  'Solte uma cobrança de ontem. O dia de hoje começa leve.',
  'Note três coisas boas ao seu redor, por menores que sejam.',
  'Fale consigo com a gentileza que oferece a quem você ama.',
  'Descanse a atenção no corpo: onde há tensão, ofereça espaço.',
  'Agradeça ao seu esforço. Constância também é cuidado.',
  'Olhe para o caminho feito até aqui e siga com calma.',
]
/**
 * Writes `preparation` into the database of `dataDir` (its pglite/ and media/), or into the
 * PostgreSQL database `databaseUrl` names that the servers already migrated and seeded (several
 * instances, e2e/tests/multi-instance.spec.ts).
 */
export async function writePreparation(dataDir: string, preparation: Preparation, { databaseUrl }: { databaseUrl?: string } = {}): Promise<void> {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDataDir: join(dataDir, 'pglite') })
  try {
    await database.migrate()
    await seedIfEmpty(database.db, new LocalDiskStorage(join(dataDir, 'media')))
    if (preparation.landingContent !== undefined) {
      await upsertSection(database.db, 'landing_page', preparation.landingContent)
    }
    for (const checkout of preparation.paidCheckouts ?? []) {
      await database.db.insert(pendingSubscriptions).values({
        email: checkout.email,
        planCode: checkout.planCode,
        provider: 'sandbox',
        providerCustomerId: `cus_e2e_${checkout.sessionId}`,
        providerSubscriptionId: `sub_e2e_${checkout.sessionId}`,
        checkoutId: checkout.sessionId,
        currentPeriodEnd: checkout.currentPeriodEnd ? new Date(checkout.currentPeriodEnd) : new Date(Date.now() + 90 * 86_400_000),
      })
      // The server keeps only the token's hash (sha256, base64url), as apps/api/src/modules/accounts/mailbox.ts does.
      await database.db.insert(accessLinks).values({
        email: checkout.email.toLowerCase(),
        tokenHash: createHash('sha256').update(preparedAccessToken(checkout.sessionId)).digest('base64url'),
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
      })
    }
    for (const plan of preparation.plans ?? []) {
      const promotion = plan.promotion
      await database.db
        .update(plans)
        .set({
          ...(plan.isActive === undefined ? {} : { isActive: plan.isActive }),
          ...(promotion
            ? {
                hasPromotion: true,
                discountPercentage: promotion.discountPercentage,
                promotionLabel: promotion.label,
                promotionEndDate: new Date(promotion.endsAt),
              }
            : {}),
        })
        .where(eq(plans.code, plan.code))
    }
    for (const person of preparation.people ?? []) {
      const userId = randomUUID()
      const email = person.email.toLowerCase()
      await database.db.insert(user).values({ id: userId, name: person.name, email, emailVerified: true })
      const wanted = person.subscription
      if (!wanted) continue
      const [subscription] = await database.db
        .insert(subscriptions)
        .values({
          userId,
          email,
          planCode: wanted.planCode,
          status: 'active',
          provider: 'sandbox',
          providerSubscriptionId: `sub_e2e_${userId}`,
          currentPeriodEnd: wanted.currentPeriodEnd ? new Date(wanted.currentPeriodEnd) : new Date(Date.now() + 30 * 86_400_000),
          cancelAtPeriodEnd: wanted.cancelAtPeriodEnd ?? false,
        })
        .returning({ id: subscriptions.id })
      if (wanted.refundRequested) {
        await database.db.insert(refundRequests).values({ subscriptionId: subscription!.id, userId, email, reason: 'Não me adaptei' })
      }
    }
    if (preparation.practicePrograms?.length) {
      const [field] = await database.db.select({ id: fields.id }).from(fields).orderBy(asc(fields.displayOrder)).limit(1)
      const storeClip = async (wanted: typeof PRACTICE_CLIP | typeof BREATH_CLIP, description: string) => {
        const clip = readFileSync(join(repoRoot, wanted.file))
        const fileKey = `audios/${randomUUID()}.mp3`
        await new LocalDiskStorage(join(dataDir, 'media')).put(fileKey, clip)
        const [row] = await database.db
          .insert(audios)
          .values({ title: wanted.title, description, fieldId: field!.id, tags: ['prática'], durationSeconds: wanted.durationSeconds, fileKey, mimeType: 'audio/mpeg', sizeBytes: clip.byteLength })
          .returning({ id: audios.id })
        return row!
      }
      const audio = await storeClip(PRACTICE_CLIP, 'Uma pausa curta e guiada para a prática diária.')
      const breath = preparation.practicePrograms.some((p) => p.withBreath) ? await storeClip(BREATH_CLIP, 'Um respiro breve entre uma coisa e outra.') : null
      for (const wanted of preparation.practicePrograms) {
        const [program] = await database.db
          .insert(programs)
          .values({
            slug: wanted.slug,
            title: wanted.title,
            description: wanted.description ?? 'Alguns instantes por dia para voltar a si.',
            isOpen: wanted.isOpen ?? false,
            published: true,
            position: 0,
          })
          .returning({ id: programs.id })
        const days = Array.from({ length: wanted.days }, (_, i) => i + 1)
        await database.db.insert(programDays).values(days.map((day) => ({ programId: program!.id, day, intention: INTENTIONS[(day - 1) % INTENTIONS.length]! })))
        await database.db.insert(programDayItems).values(days.map((day) => ({ programId: program!.id, day, position: 0, audioId: audio.id, repetitions: wanted.repetitions })))
        if (wanted.withBreath && breath) {
          await database.db.insert(programDayItems).values(days.map((day) => ({ programId: program!.id, day, position: 1, audioId: breath.id, repetitions: wanted.repetitions })))
        }
      }
    }
  } finally {
    await database.close()
  }
}
