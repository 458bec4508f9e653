import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { FullConfig } from '@playwright/test'
import { repoRoot } from './accounts'
import { startMailSink } from './mail-sink'
import { writePreparation } from './prepare-database'
import { copyTemplate, startServerProcess, templateDir } from './prepared-server'
import { dataDirFromRoot, slotPort } from './run-paths'

/**
 * Before the journeys: one database migrated and seeded for the whole run (the template every
 * journey server copies), then a server of the production build for each worker, with its own
 * copy of that database and its own mailbox (e2e/support/run-paths.ts says where each listens).
 * Journeys of different workers thus share no state; those of one worker run one after another,
 * as they always did. Returns the teardown that stops them all.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  rmSync(templateDir, { recursive: true, force: true })
  await writePreparation(templateDir, {})
  const slots = Array.from({ length: config.workers }, (_, slot) => slot)
  const running = await Promise.all(
    slots.map(async (slot) => {
      const port = slotPort(slot)
      const dataDir = join(repoRoot, dataDirFromRoot(slot))
      rmSync(dataDir, { recursive: true, force: true })
      copyTemplate(dataDir)
      const mailSink = await startMailSink(port + 1, port + 2)
      const server = await startServerProcess({
        dataDir,
        port,
        env: {
          SMTP_URL: `smtp://127.0.0.1:${port + 1}`,
          MAIL_FROM: 'Sintonia <nao-responda@sintonia.test>',
          // A journey may say which visitor it is (X-Forwarded-For), as a balancer would: the limits
          // per address then count that visitor, not every journey of this worker (auth.spec.ts).
          TRUST_PROXY: '127.0.0.1,::1',
        },
      })
      return { mailSink, server }
    }),
  )
  return async () => {
    await Promise.all(running.map(async ({ mailSink, server }) => Promise.all([server.stop(), mailSink.stop()])))
  }
}
