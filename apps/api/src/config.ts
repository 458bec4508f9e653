import { createHmac, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import webpush from 'web-push'

/**
 * Configuration comes from the environment only, parsed once at start. Empty strings count as
 * unset so a copied .env.example with blank values behaves like no value at all.
 */
const optionalText = z.string().trim().min(1).optional()

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    PORT: z.coerce
      .number({ error: 'deve ser um número' })
      .int('deve ser um número inteiro')
      .min(1, 'deve estar entre 1 e 65535')
      .max(65535, 'deve estar entre 1 e 65535')
      .default(3000),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\/.+/, 'deve ser uma URL postgres://usuario@servidor:porta/banco')
      .optional(),
    REDIS_URL: z
      .string()
      .trim()
      .regex(/^rediss?:\/\/.+/, 'deve ser uma URL redis://servidor:porta (ou rediss:// com TLS)')
      .optional(),
    PUBLIC_URL: z.url({ error: 'deve ser uma URL http(s) completa' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    AUTH_SECRET: z.string().min(32, 'deve ter pelo menos 32 caracteres').optional(),
    TRUST_PROXY: optionalText,
    PAYMENT_GATEWAY: z.enum(['sandbox', 'stripe', 'asaas'], { error: "deve ser 'sandbox', 'stripe' ou 'asaas'" }).default('sandbox'),
    SANDBOX_WEBHOOK_SECRET: z.string().min(24, 'deve ter pelo menos 24 caracteres').optional(),
    STRIPE_SECRET_KEY: z.string().regex(/^sk_(test|live)_/, "deve começar com 'sk_test_' ou 'sk_live_'").optional(),
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, "deve começar com 'whsec_'").optional(),
    STRIPE_API_BASE: z.url().optional(),
    /** Asaas (docs/decisions/029-brazilian-gateway-asaas.md): the API key goes in the `access_token` header. */
    ASAAS_API_KEY: z.string().trim().min(20, 'deve ser a chave de API do Asaas (Integrações > Chaves de API)').optional(),
    /** The token Asaas sends in `asaas-access-token` on every webhook call: the only thing that authenticates it. */
    ASAAS_WEBHOOK_TOKEN: z.string().min(32, 'deve ter pelo menos 32 caracteres (o Asaas o envia em cada webhook)').optional(),
    /** https://api-sandbox.asaas.com/v3 (sandbox) or https://api.asaas.com/v3 (production). */
    ASAAS_API_BASE: z.url({ error: 'deve ser a URL da API do Asaas, ex.: https://api-sandbox.asaas.com/v3' }).optional(),
    SMTP_URL: z
      .string()
      .trim()
      .regex(/^smtps?:\/\/.+/, 'deve ser uma URL smtp:// ou smtps://')
      .optional(),
    MAIL_FROM: z.string().trim().min(3).default('Sintonia <nao-responda@sintonia.app>'),
    STORAGE_DRIVER: z.enum(['local', 's3'], { error: "deve ser 'local' ou 's3'" }).default('local'),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: optionalText,
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'], { error: "deve ser 'true' ou 'false'" })
      .default('false')
      .transform((value) => value === 'true'),
    VAPID_PUBLIC_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'deve ser a chave pública VAPID em base64url (87 caracteres), ex.: gerada por `npx web-push generate-vapid-keys`')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'deve ser a chave privada VAPID em base64url (43 caracteres)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .trim()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'deve ser mailto:endereco@dominio ou uma URL https://')
      .optional(),
    // Test-only (docs/decisions/024-push-services-allowlist.md): the origin of a local push endpoint
    // accepted besides the browsers' push services; refused in production.
    PUSH_TEST_ORIGIN: z
      .url({ protocol: /^https?$/, error: 'deve ser uma origem http(s)://servidor:porta' })
      .refine((value) => URL.canParse(value) && /^https?:\/\/[^/?#@]+\/?$/.test(value), 'deve ser só a origem, sem caminho: http(s)://servidor:porta')
      .transform((value) => new URL(value).origin)
      .optional(),
    REMINDER_INTERVAL_SECONDS: z.coerce
      .number({ error: 'deve ser um número' })
      .int('deve ser um número inteiro')
      .min(1, 'deve ser pelo menos 1')
      .max(3600, 'deve ser no máximo 3600')
      .default(60),
    RENEWAL_NOTICE_INTERVAL_SECONDS: z.coerce
      .number({ error: 'deve ser um número' })
      .int('deve ser um número inteiro')
      .min(1, 'deve ser pelo menos 1')
      .max(3600, 'deve ser no máximo 3600')
      .default(600),
    GIFT_DELIVERY_INTERVAL_SECONDS: z.coerce
      .number({ error: 'deve ser um número' })
      .int('deve ser um número inteiro')
      .min(1, 'deve ser pelo menos 1')
      .max(3600, 'deve ser no máximo 3600')
      .default(300),
    SANDBOX_INTERVAL_SECONDS: z.coerce
      .number({ error: 'deve ser um número' })
      .int('deve ser um número inteiro')
      .min(1, 'deve ser pelo menos 1')
      .max(3600, 'deve ser no máximo 3600')
      .optional(),
    FFMPEG_PATH: z.string().trim().min(1).optional(),
    SESSION_CACHE_MAX_MB: z.coerce
      .number({ error: 'deve ser um número' })
      .int('deve ser um número inteiro')
      .min(50, 'deve ser pelo menos 50')
      // 128 kbit/s stereo (ADR 034): twice the bytes of the 64 kbit/s mono sessions, the same hours.
      .default(4096),
    SESSION_RENDER_CONCURRENCY: z.coerce
      .number({ error: 'deve ser um número' })
      .int('deve ser um número inteiro')
      .min(1, 'deve ser pelo menos 1')
      .max(32, 'deve ser no máximo 32')
      .default(2),
    SESSION_RENDER_QUEUE_MAX: z.coerce
      .number({ error: 'deve ser um número' })
      .int('deve ser um número inteiro')
      .min(0, 'deve ser pelo menos 0')
      .max(1000, 'deve ser no máximo 1000')
      .default(8),
    SESSION_PRERENDER: z.enum(['on', 'off'], { error: 'deve ser on ou off' }).optional(),
    SESSION_STALL_TIMEOUT_SECONDS: z.coerce
      .number({ error: 'deve ser um número' })
      .int('deve ser um número inteiro')
      .min(1, 'deve ser pelo menos 1')
      .max(3600, 'deve ser no máximo 3600')
      .default(60),
    MEDIA_URL_SECRET: z.string().min(32, 'deve ter pelo menos 32 caracteres').optional(),
    MEDIA_URL_LIFETIME_SECONDS: z.coerce
      .number({ error: 'deve ser um número' })
      .int('deve ser um número inteiro')
      .min(60, 'deve ser pelo menos 60')
      .max(86_400, 'deve ser no máximo 86400 (um dia)')
      .default(900),
    MEDIA_ACCEL_REDIRECT: z
      .string()
      .trim()
      .regex(/^\/[A-Za-z0-9_\-/]*\/$/, "deve ser um caminho interno do nginx que começa e termina com '/', ex.: /_protected_media/")
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.MEDIA_ACCEL_REDIRECT && env.STORAGE_DRIVER !== 'local') {
      ctx.addIssue({ code: 'custom', path: ['MEDIA_ACCEL_REDIRECT'], message: "só funciona com STORAGE_DRIVER=local (o nginx lê os arquivos de DATA_DIR/media)" })
    }
    if (env.PAYMENT_GATEWAY === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatório quando PAYMENT_GATEWAY=stripe' })
      }
    }
    if (env.PAYMENT_GATEWAY === 'asaas') {
      for (const key of ['ASAAS_API_KEY', 'ASAAS_WEBHOOK_TOKEN', 'ASAAS_API_BASE'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatório quando PAYMENT_GATEWAY=asaas' })
      }
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatório quando STORAGE_DRIVER=s3' })
      }
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      const missing = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'
      ctx.addIssue({ code: 'custom', path: [missing], message: 'as duas chaves VAPID vêm juntas: defina VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY, ou nenhuma' })
    }
    if (env.NODE_ENV === 'production') {
      for (const key of ['AUTH_SECRET', 'PUBLIC_URL'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatório em produção' })
      }
      if (env.PUSH_TEST_ORIGIN) {
        ctx.addIssue({ code: 'custom', path: ['PUSH_TEST_ORIGIN'], message: 'só para testes: não pode ser definido em produção (os lembretes vão só aos serviços de push dos navegadores)' })
      }
      // The Asaas key travels in a header of every call: never over plain http in production.
      if (env.PAYMENT_GATEWAY === 'asaas' && env.ASAAS_API_BASE && !env.ASAAS_API_BASE.startsWith('https://')) {
        ctx.addIssue({ code: 'custom', path: ['ASAAS_API_BASE'], message: 'deve usar https em produção (https://api.asaas.com/v3)' })
      }
      if (env.PAYMENT_GATEWAY === 'sandbox' && !env.SANDBOX_WEBHOOK_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['SANDBOX_WEBHOOK_SECRET'],
          message: 'obrigatório em produção com PAYMENT_GATEWAY=sandbox',
        })
      }
    }
  })

export type Env = z.infer<typeof envSchema>

export interface AppConfig {
  env: Env['NODE_ENV']
  isProduction: boolean
  host: string
  port: number
  dataDir: string
  databaseUrl: string | undefined
  /**
   * Where the request limits are counted across instances (docs/decisions/020-shared-limits-across-instances.md):
   * this Redis when set (the server does not start without it), the database otherwise.
   */
  redisUrl: string | undefined
  publicUrl: string
  logLevel: Env['LOG_LEVEL']
  trustProxy: string[] | false
  /** `vapid`: the Web Push key pair of practice reminders; absent in production without VAPID_* (push reminders off). */
  secrets: { auth: string; sandboxWebhook: string; vapid?: { publicKey: string; privateKey: string } }
  payments: {
    gateway: Env['PAYMENT_GATEWAY']
    stripeSecretKey: string | undefined
    stripeWebhookSecret: string | undefined
    stripeApiBase: string | undefined
    asaasApiKey: string | undefined
    asaasWebhookToken: string | undefined
    asaasApiBase: string | undefined
  }
  mail: { smtpUrl: string | undefined; from: string }
  /**
   * Web Push for practice reminders (docs/product/practice.md#reminders), keys in `secrets.vapid`;
   * the subject (a contact for push services) from VAPID_SUBJECT or MAIL_FROM's address;
   * `testOrigin` (PUSH_TEST_ORIGIN, never in production) a local push endpoint accepted besides the
   * browsers' push services (docs/decisions/024-push-services-allowlist.md).
   */
  push: { subject: string; testOrigin: string | undefined }
  /** How often the reminder scheduler looks for due reminders (docs/decisions/018-reminder-scheduler.md). */
  reminders: { intervalSeconds: number }
  /**
   * Billing's background passes: the renewal notices (docs/payments.md), and the sandbox's own
   * work (redeliveries, renewals; unset: every 15 s, off under NODE_ENV=test unless set).
   */
  billing: { renewalNoticeIntervalSeconds: number; giftDeliveryIntervalSeconds: number; sandboxIntervalSeconds: number | undefined }
  /**
   * Production option for audio files behind nginx (docs/performance.md): when set, the media
   * routes authorise the request and answer with `X-Accel-Redirect: <prefix><file key>`; nginx then
   * sends the bytes from its internal location (`alias DATA_DIR/media/`) with sendfile, Range
   * included. Unset: the API streams the file itself.
   */
  mediaAccelRedirect: string | undefined
  /**
   * Signed media addresses (docs/decisions/021-signed-media-urls.md): the key nginx's `secure_link`
   * and the API check them with (MEDIA_URL_SECRET, else derived from AUTH_SECRET so every instance
   * sharing that secret agrees), and how long an address answers beyond the length of what it plays.
   */
  mediaUrls: { secret: string; lifetimeSeconds: number }
  /**
   * The ffmpeg binary sessions are mixed and covers converted with (docs/decisions/019-rendered-sessions-ffmpeg.md):
   * FFMPEG_PATH, else the one shipped by the npm package, else `ffmpeg` on the PATH.
   */
  ffmpegPath: string | undefined
  /**
   * Rendered sessions (docs/product/sessions.md): the cache's size limit in bytes, how many renders
   * one instance runs at a time and how many more may wait, and whether the demo's variants are
   * rendered ahead (on by default; off by default under NODE_ENV=test, where the tests about it turn it on),
   * and how long a stream in progress waits for a client that takes nothing before closing it.
   */
  sessions: { cacheMaxBytes: number; renderConcurrency: number; renderQueueMax: number; prerender: boolean; stallTimeoutMs: number }
  storage:
    | { driver: 'local'; root: string }
    | {
        driver: 's3'
        endpoint: string | undefined
        region: string
        bucket: string
        accessKeyId: string
        secretAccessKey: string
        /** `<endpoint>/<bucket>/<key>` addresses (S3_FORCE_PATH_STYLE): MinIO, Ceph and most S3-compatible servers. */
        forcePathStyle: boolean
      }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

function blankToUndefined(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {}
  for (const [key, value] of Object.entries(source)) out[key] = value === '' ? undefined : value
  return out
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(blankToUndefined(source))
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(ambiente)'
    const value = source[name]
    // A connection URL may carry a password (usuario:senha@servidor); it must not reach the logs either.
    const visible = value?.replace(/\/\/[^/]*@/, '//***@')
    const shown = visible === undefined || /SECRET|KEY|PASSWORD|TOKEN/.test(name) ? '' : ` (valor atual: "${visible}")`
    return `${name}: ${issue.message}${shown}`
  })
  throw new ConfigError(problems)
}

/**
 * Secrets may come from the environment. In the embedded default (not production) missing ones
 * are generated once and kept in DATA_DIR/secrets.json so sign-ins survive restarts; that file
 * is never committed nor logged. The VAPID key pair of push reminders is kept there the same way
 * (a new pair would silence every browser subscribed with the old public key); in production it
 * comes from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY or push reminders are off.
 */
function resolveSecrets(env: Env, dataDir: string): AppConfig['secrets'] {
  const file = join(dataDir, 'secrets.json')
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<AppConfig['secrets']>) : {}
  const kept = { ...stored }
  const pick = (fromEnv: string | undefined, name: 'auth' | 'sandboxWebhook'): string => {
    if (fromEnv) return fromEnv
    kept[name] ??= randomBytes(32).toString('base64url')
    return kept[name]
  }
  const secrets: AppConfig['secrets'] = { auth: pick(env.AUTH_SECRET, 'auth'), sandboxWebhook: pick(env.SANDBOX_WEBHOOK_SECRET, 'sandboxWebhook') }
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    secrets.vapid = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
  } else if (env.NODE_ENV !== 'production') {
    kept.vapid ??= webpush.generateVAPIDKeys()
    secrets.vapid = { publicKey: kept.vapid.publicKey, privateKey: kept.vapid.privateKey }
  }
  if (kept.auth !== stored.auth || kept.sandboxWebhook !== stored.sandboxWebhook || kept.vapid !== stored.vapid) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, JSON.stringify(kept, null, 2), { mode: 0o600 })
  }
  return secrets
}

/** MAIL_FROM's address ('Sintonia <nao-responda@sintonia.app>' → 'nao-responda@sintonia.app'). */
function addressOf(from: string): string {
  return (/<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from).trim()
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = parseEnv(source)
  const dataDir = resolve(env.DATA_DIR)
  const trustProxy = env.TRUST_PROXY
    ? env.TRUST_PROXY.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : false
  const secrets = resolveSecrets(env, dataDir)
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    trustProxy,
    secrets,
    payments: {
      gateway: env.PAYMENT_GATEWAY,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: env.STRIPE_API_BASE,
      asaasApiKey: env.ASAAS_API_KEY,
      asaasWebhookToken: env.ASAAS_WEBHOOK_TOKEN,
      asaasApiBase: env.ASAAS_API_BASE?.replace(/\/$/, ''),
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    push: { subject: env.VAPID_SUBJECT ?? `mailto:${addressOf(env.MAIL_FROM)}`, testOrigin: env.PUSH_TEST_ORIGIN },
    reminders: { intervalSeconds: env.REMINDER_INTERVAL_SECONDS },
    billing: {
      renewalNoticeIntervalSeconds: env.RENEWAL_NOTICE_INTERVAL_SECONDS,
      giftDeliveryIntervalSeconds: env.GIFT_DELIVERY_INTERVAL_SECONDS,
      sandboxIntervalSeconds: env.SANDBOX_INTERVAL_SECONDS,
    },
    mediaAccelRedirect: env.MEDIA_ACCEL_REDIRECT,
    mediaUrls: {
      secret: env.MEDIA_URL_SECRET ?? createHmac('sha256', secrets.auth).update('sintonia:media-urls').digest('base64url'),
      lifetimeSeconds: env.MEDIA_URL_LIFETIME_SECONDS,
    },
    ffmpegPath: env.FFMPEG_PATH,
    sessions: {
      cacheMaxBytes: env.SESSION_CACHE_MAX_MB * 1024 * 1024,
      renderConcurrency: env.SESSION_RENDER_CONCURRENCY,
      renderQueueMax: env.SESSION_RENDER_QUEUE_MAX,
      prerender: (env.SESSION_PRERENDER ?? (env.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
      stallTimeoutMs: env.SESSION_STALL_TIMEOUT_SECONDS * 1000,
    },
    storage:
      env.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION!,
            bucket: env.S3_BUCKET!,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'local', root: join(dataDir, 'media') },
  }
}
