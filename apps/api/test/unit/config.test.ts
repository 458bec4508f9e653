import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, parseEnv } from '../../src/config.js'

const AUTH = 'a'.repeat(40)
const SANDBOX = 's'.repeat(30)
/** A VAPID pair's shape (base64url: 65-byte public key, 32-byte private key). */
const VAPID = { VAPID_PUBLIC_KEY: `B${'p'.repeat(86)}`, VAPID_PRIVATE_KEY: 'k'.repeat(43) }

let dataDir: string
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'sintonia-config-'))
})
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

/** The ConfigError a bad environment throws (fails the test when nothing is thrown). */
function configErrorOf(run: () => unknown): ConfigError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error('a configuração deveria ter sido recusada')
}

const secretsFile = () => join(dataDir, 'secrets.json')
const readSecrets = () => JSON.parse(readFileSync(secretsFile(), 'utf8')) as Record<string, string>

describe('defaults', () => {
  it('parses an empty environment to the documented defaults', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      PORT: 3000,
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      PAYMENT_GATEWAY: 'sandbox',
      STORAGE_DRIVER: 'local',
    })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('builds a config with port 3000, ./data resolved, the sandbox gateway and a localhost public URL', () => {
    // Secrets from the environment, so nothing is generated under the working directory's ./data.
    const config = loadConfig({ AUTH_SECRET: AUTH, SANDBOX_WEBHOOK_SECRET: SANDBOX })
    expect(config.port).toBe(3000)
    expect(config.dataDir).toBe(resolve('./data'))
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.payments.gateway).toBe('sandbox')
    expect(config.databaseUrl).toBeUndefined()
    expect(config.isProduction).toBe(false)
    expect(config.trustProxy).toBe(false)
    expect(config.storage).toEqual({ driver: 'local', root: join(resolve('./data'), 'media') })
  })

  it('derives the public URL from PORT and strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '8080' }).publicUrl).toBe('http://localhost:8080')
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://sintonia.app/' }).publicUrl).toBe('https://sintonia.app')
  })

  it('resolves a relative DATA_DIR to an absolute path', () => {
    const config = loadConfig({ DATA_DIR: join(dataDir, 'sub', '..', 'x') })
    expect(config.dataDir).toBe(join(dataDir, 'x'))
  })

  it('splits TRUST_PROXY into a list', () => {
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.1, 127.0.0.1,' }).trustProxy).toEqual(['10.0.0.1', '127.0.0.1'])
  })
})

describe('blank values', () => {
  it('count as unset', () => {
    const env = parseEnv({
      NODE_ENV: '',
      PORT: '',
      HOST: '',
      DATA_DIR: '',
      DATABASE_URL: '',
      PUBLIC_URL: '',
      AUTH_SECRET: '',
      PAYMENT_GATEWAY: '',
      STRIPE_SECRET_KEY: '',
      SMTP_URL: '',
      STORAGE_DRIVER: '',
      S3_BUCKET: '',
    })
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data' })
    expect(env.PAYMENT_GATEWAY).toBe('sandbox')
    expect(env.STORAGE_DRIVER).toBe('local')
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.PUBLIC_URL).toBeUndefined()
    expect(env.AUTH_SECRET).toBeUndefined()
    expect(env.SMTP_URL).toBeUndefined()
  })

  it('a blank secret is generated like a missing one', () => {
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: '', SANDBOX_WEBHOOK_SECRET: '' })
    expect(config.secrets.auth.length).toBeGreaterThanOrEqual(32)
    expect(readSecrets().auth).toBe(config.secrets.auth)
  })
})

describe('invalid environments', () => {
  it('names every bad variable in one ConfigError', () => {
    const error = configErrorOf(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', PAYMENT_GATEWAY: 'paypal' }))
    expect(error.problems).toHaveLength(3)
    expect(error.message).toMatch(/^Configuração inválida/)
    for (const name of ['PORT', 'DATABASE_URL', 'PAYMENT_GATEWAY']) {
      expect(error.problems.some((p) => p.startsWith(`${name}:`)), name).toBe(true)
      expect(error.message).toContain(name)
    }
    expect(error.message).toContain('deve ser um número')
    expect(error.message).toContain("deve ser 'sandbox', 'stripe' ou 'asaas'")
  })

  it('refuses ports outside 1–65535 and fractional ports', () => {
    for (const port of ['0', '65536', '-1', '80.5']) {
      const error = configErrorOf(() => parseEnv({ PORT: port }))
      expect(error.message, port).toContain('PORT')
    }
  })

  it('loadConfig throws the same error before touching DATA_DIR', () => {
    const error = configErrorOf(() => loadConfig({ DATA_DIR: dataDir, PORT: 'abc' }))
    expect(error.message).toContain('PORT')
    expect(existsSync(secretsFile())).toBe(false)
  })

  it('never echoes a secret value, while it does show harmless ones', () => {
    const secretValues = {
      AUTH_SECRET: 'curto-demais-segredo',
      SANDBOX_WEBHOOK_SECRET: 'webhook-curto',
      STRIPE_SECRET_KEY: 'pk_live_chave-secreta-123',
      STRIPE_WEBHOOK_SECRET: 'segredo-do-webhook-456',
    }
    const error = configErrorOf(() => parseEnv({ ...secretValues, PAYMENT_GATEWAY: 'stripe', PORT: 'abc' }))
    for (const [name, value] of Object.entries(secretValues)) {
      expect(error.message).toContain(name)
      expect(error.message).not.toContain(value)
    }
    expect(error.message).toContain('"abc"')
  })

  it('never echoes the password inside a connection URL', () => {
    const error = configErrorOf(() =>
      parseEnv({ DATABASE_URL: 'mysql://admin:senha-do-banco@db:3306/app', SMTP_URL: 'http://mailer:senha@smtp@mail:587' }),
    )
    expect(error.message).toContain('DATABASE_URL')
    expect(error.message).toContain('SMTP_URL')
    expect(error.message).not.toContain('senha-do-banco')
    expect(error.message).not.toContain('smtp@mail')
    // The rest of the value still helps to spot the mistake.
    expect(error.message).toContain('mysql://***@db:3306/app')
  })

  it('requires both Stripe keys when PAYMENT_GATEWAY=stripe', () => {
    const error = configErrorOf(() => parseEnv({ PAYMENT_GATEWAY: 'stripe' }))
    expect(error.problems).toHaveLength(2)
    expect(error.message).toContain('STRIPE_SECRET_KEY')
    expect(error.message).toContain('STRIPE_WEBHOOK_SECRET')
    expect(error.message).toContain('obrigatório quando PAYMENT_GATEWAY=stripe')
    const env = parseEnv({ PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' })
    expect(env.PAYMENT_GATEWAY).toBe('stripe')
  })

  it('requires the three Asaas settings when PAYMENT_GATEWAY=asaas, naming each missing one', () => {
    const error = configErrorOf(() => parseEnv({ PAYMENT_GATEWAY: 'asaas' }))
    expect(error.problems).toHaveLength(3)
    for (const name of ['ASAAS_API_KEY', 'ASAAS_WEBHOOK_TOKEN', 'ASAAS_API_BASE']) expect(error.message).toContain(name)
    expect(error.message).toContain('obrigatório quando PAYMENT_GATEWAY=asaas')
    const token = 'token-do-webhook-asaas-com-32-chars'
    const onlyBase = configErrorOf(() => parseEnv({ PAYMENT_GATEWAY: 'asaas', ASAAS_API_KEY: '$aact_chave_de_teste_123', ASAAS_WEBHOOK_TOKEN: token }))
    expect(onlyBase.problems).toHaveLength(1)
    expect(onlyBase.message).toContain('ASAAS_API_BASE')
    expect(onlyBase.message).not.toContain('ASAAS_WEBHOOK_TOKEN')
    // The key itself never appears in the message.
    expect(onlyBase.message).not.toContain('$aact_chave_de_teste_123')
    const short = configErrorOf(() => parseEnv({ PAYMENT_GATEWAY: 'asaas', ASAAS_API_KEY: '$aact_chave_de_teste_123', ASAAS_WEBHOOK_TOKEN: 'curto', ASAAS_API_BASE: 'https://api-sandbox.asaas.com/v3' }))
    expect(short.message).toContain('ASAAS_WEBHOOK_TOKEN')
    expect(short.message).toContain('pelo menos 32 caracteres')
    expect(short.message).not.toContain('curto')
    const env = parseEnv({ PAYMENT_GATEWAY: 'asaas', ASAAS_API_KEY: '$aact_chave_de_teste_123', ASAAS_WEBHOOK_TOKEN: token, ASAAS_API_BASE: 'https://api-sandbox.asaas.com/v3' })
    expect(env.PAYMENT_GATEWAY).toBe('asaas')
    // Stripe's keys are not asked for with Asaas.
    expect(env.STRIPE_SECRET_KEY).toBeUndefined()
    // In production the key never goes over plain http.
    const asaas = { PAYMENT_GATEWAY: 'asaas', ASAAS_API_KEY: '$aact_chave_de_teste_123', ASAAS_WEBHOOK_TOKEN: token }
    const plain = configErrorOf(() => parseEnv({ ...asaas, NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(32), PUBLIC_URL: 'https://sintonia.app', ASAAS_API_BASE: 'http://api.asaas.com/v3' }))
    expect(plain.problems).toEqual(['ASAAS_API_BASE: deve usar https em produção (https://api.asaas.com/v3) (valor atual: "http://api.asaas.com/v3")'])
    expect(parseEnv({ ...asaas, NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(32), PUBLIC_URL: 'https://sintonia.app', ASAAS_API_BASE: 'https://api.asaas.com/v3' }).ASAAS_API_BASE).toBe('https://api.asaas.com/v3')
  })

  it('refuses production without AUTH_SECRET, PUBLIC_URL and SANDBOX_WEBHOOK_SECRET', () => {
    const error = configErrorOf(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }))
    for (const name of ['AUTH_SECRET', 'PUBLIC_URL', 'SANDBOX_WEBHOOK_SECRET']) expect(error.message).toContain(name)
    expect(error.message).toContain('obrigatório em produção')
    expect(existsSync(secretsFile())).toBe(false)
  })

  it('accepts production with its secrets and generates nothing', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      AUTH_SECRET: AUTH,
      PUBLIC_URL: 'https://sintonia.app',
      SANDBOX_WEBHOOK_SECRET: SANDBOX,
    })
    expect(config.isProduction).toBe(true)
    expect(config.secrets).toEqual({ auth: AUTH, sandboxWebhook: SANDBOX })
    expect(existsSync(secretsFile())).toBe(false)
  })

  it('refuses STORAGE_DRIVER=s3 without its settings, naming each missing one in pt-BR', () => {
    const bare = configErrorOf(() => parseEnv({ STORAGE_DRIVER: 's3' }))
    expect(bare.problems).toHaveLength(4)
    for (const name of ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(bare.problems).toContain(`${name}: obrigatório quando STORAGE_DRIVER=s3`)
    }
    // One missing is named alone, and the secret given beside it is not shown.
    const oneMissing = configErrorOf(() =>
      parseEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_REGION: 'r', S3_SECRET_ACCESS_KEY: 'chave-s3-secreta' }),
    )
    expect(oneMissing.problems).toEqual(['S3_ACCESS_KEY_ID: obrigatório quando STORAGE_DRIVER=s3'])
    expect(oneMissing.message).not.toContain('chave-s3-secreta')
  })

  it('accepts STORAGE_DRIVER=s3 with its settings; S3_FORCE_PATH_STYLE is false unless set to true', () => {
    const s3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'chave-s3-secreta' }
    expect(loadConfig({ DATA_DIR: dataDir, ...s3 }).storage).toEqual({
      driver: 's3',
      endpoint: undefined,
      region: 'r',
      bucket: 'b',
      accessKeyId: 'id',
      secretAccessKey: 'chave-s3-secreta',
      forcePathStyle: false,
    })
    const minio = loadConfig({ DATA_DIR: dataDir, ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })
    expect(minio.storage).toMatchObject({ driver: 's3', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true })
    expect(configErrorOf(() => parseEnv({ ...s3, S3_FORCE_PATH_STYLE: 'sim' })).problems).toEqual([
      `S3_FORCE_PATH_STYLE: deve ser 'true' ou 'false' (valor atual: "sim")`,
    ])
  })

  it('refuses an unknown storage driver', () => {
    expect(configErrorOf(() => parseEnv({ STORAGE_DRIVER: 'ftp' })).message).toContain("deve ser 'local' ou 's3'")
  })
})

describe('generated secrets', () => {
  it('are generated in DATA_DIR/secrets.json, readable only by the owner, and reused on the next load', () => {
    const first = loadConfig({ DATA_DIR: dataDir })
    expect(first.secrets.auth.length).toBeGreaterThanOrEqual(32)
    expect(first.secrets.sandboxWebhook.length).toBeGreaterThanOrEqual(24)
    expect(first.secrets.auth).not.toBe(first.secrets.sandboxWebhook)
    expect(readSecrets()).toEqual(first.secrets)
    if (process.platform !== 'win32') expect(statSync(secretsFile()).mode & 0o777).toBe(0o600)

    const before = readFileSync(secretsFile(), 'utf8')
    const second = loadConfig({ DATA_DIR: dataDir })
    expect(second.secrets).toEqual(first.secrets)
    expect(readFileSync(secretsFile(), 'utf8')).toBe(before)
  })

  it('are different for another DATA_DIR', () => {
    const other = mkdtempSync(join(tmpdir(), 'sintonia-config-'))
    try {
      expect(loadConfig({ DATA_DIR: other }).secrets.auth).not.toBe(loadConfig({ DATA_DIR: dataDir }).secrets.auth)
    } finally {
      rmSync(other, { recursive: true, force: true })
    }
  })

  it('lose to environment values, which are never written to the file', () => {
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: AUTH })
    expect(config.secrets.auth).toBe(AUTH)
    const stored = readSecrets()
    expect(stored.auth).toBeUndefined()
    expect(stored.sandboxWebhook).toBe(config.secrets.sandboxWebhook)
    expect(readFileSync(secretsFile(), 'utf8')).not.toContain(AUTH)
  })

  it('an environment value wins over a stored one without overwriting it', () => {
    const generated = loadConfig({ DATA_DIR: dataDir }).secrets
    const before = readFileSync(secretsFile(), 'utf8')
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: AUTH, SANDBOX_WEBHOOK_SECRET: SANDBOX, ...VAPID })
    expect(config.secrets).toEqual({ auth: AUTH, sandboxWebhook: SANDBOX, vapid: { publicKey: VAPID.VAPID_PUBLIC_KEY, privateKey: VAPID.VAPID_PRIVATE_KEY } })
    expect(readFileSync(secretsFile(), 'utf8')).toBe(before)
    // Removing the variables again brings the stored secrets back.
    expect(loadConfig({ DATA_DIR: dataDir }).secrets).toEqual(generated)
  })

  it('writes nothing when every secret comes from the environment', () => {
    loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: AUTH, SANDBOX_WEBHOOK_SECRET: SANDBOX, ...VAPID })
    expect(existsSync(secretsFile())).toBe(false)
  })
})

describe('VAPID keys of push reminders', () => {
  it('are generated once outside production (a P-256 pair in base64url) and kept in secrets.json', () => {
    const first = loadConfig({ DATA_DIR: dataDir })
    expect(first.secrets.vapid?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(first.secrets.vapid?.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(loadConfig({ DATA_DIR: dataDir }).secrets.vapid).toEqual(first.secrets.vapid)
  })

  it('come from the environment as a pair, and only as a pair', () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...VAPID })
    expect(config.secrets.vapid).toEqual({ publicKey: VAPID.VAPID_PUBLIC_KEY, privateKey: VAPID.VAPID_PRIVATE_KEY })
    expect(readFileSync(secretsFile(), 'utf8')).not.toContain(VAPID.VAPID_PRIVATE_KEY)
    const half = configErrorOf(() => parseEnv({ VAPID_PUBLIC_KEY: VAPID.VAPID_PUBLIC_KEY }))
    expect(half.message).toContain('VAPID_PRIVATE_KEY')
    const malformed = configErrorOf(() => parseEnv({ VAPID_PUBLIC_KEY: 'curta', VAPID_PRIVATE_KEY: 'chave-privada-errada' }))
    expect(malformed.message).toContain('VAPID_PUBLIC_KEY')
    expect(malformed.message).not.toContain('chave-privada-errada')
  })

  it('are absent in production without VAPID_* (push reminders off), and nothing is generated', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, AUTH_SECRET: AUTH, PUBLIC_URL: 'https://sintonia.app', SANDBOX_WEBHOOK_SECRET: SANDBOX })
    expect(config.secrets.vapid).toBeUndefined()
    expect(existsSync(secretsFile())).toBe(false)
  })

  it("take MAIL_FROM's address as the subject unless VAPID_SUBJECT is set", () => {
    expect(loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'Sintonia <oi@sintonia.app>' }).push.subject).toBe('mailto:oi@sintonia.app')
    expect(loadConfig({ DATA_DIR: dataDir, VAPID_SUBJECT: 'https://sintonia.app/contato' }).push.subject).toBe('https://sintonia.app/contato')
    expect(configErrorOf(() => parseEnv({ VAPID_SUBJECT: 'oi@sintonia.app' })).message).toContain('VAPID_SUBJECT')
  })

  it('set how often the reminder scheduler looks (REMINDER_INTERVAL_SECONDS, 60 by default, at least 1)', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).reminders.intervalSeconds).toBe(60)
    expect(loadConfig({ DATA_DIR: dataDir, REMINDER_INTERVAL_SECONDS: '1' }).reminders.intervalSeconds).toBe(1)
    expect(configErrorOf(() => parseEnv({ REMINDER_INTERVAL_SECONDS: '0' })).message).toContain('REMINDER_INTERVAL_SECONDS')
  })
})
