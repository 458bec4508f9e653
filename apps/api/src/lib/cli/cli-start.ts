import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ConfigError, loadConfig, type AppConfig } from '../../config.js'

/** Exit codes of every command: 0 done, 1 bad arguments or configuration, 2 it could not be done. */
export const EXIT = { ok: 0, usage: 1, failure: 2 } as const

/** What a command's parser says of its arguments. */
export type ParsedArgs<T> = ({ ok: true } & T) | { ok: false; message: string; help?: boolean }

export interface CliIo {
  /** Configuration already loaded (tests); otherwise read from `env`. */
  config?: AppConfig
  env?: NodeJS.ProcessEnv
  out?: (line: string) => void
  err?: (line: string) => void
}

export type CliStart<T> =
  | { exit: number }
  | { exit?: undefined; args: { ok: true } & T; config: AppConfig; out: (line: string) => void; err: (line: string) => void }

/**
 * The start every command shares: its arguments parsed (`--help` prints the usage and ends; a
 * mistake prints the message and the usage, exit 1), then the configuration loaded (an invalid
 * one prints its pt-BR problems, exit 1). Returns the exit code when the command ends here.
 */
export function startCli<T>(argv: string[], io: CliIo, parse: (argv: string[]) => ParsedArgs<T>, usage: string): CliStart<T> {
  const out = io.out ?? ((line: string) => console.log(line))
  const err = io.err ?? ((line: string) => console.error(line))
  const args = parse(argv)
  if (!args.ok) {
    if (args.help) {
      out(usage)
      return { exit: EXIT.ok }
    }
    err(args.message)
    err('')
    err(usage)
    return { exit: EXIT.usage }
  }
  try {
    return { args, config: io.config ?? loadConfig(io.env ?? process.env), out, err }
  } catch (error) {
    if (error instanceof ConfigError) {
      err(error.message)
      return { exit: EXIT.usage }
    }
    throw error
  }
}

/**
 * Runs `command` when `moduleUrl` is the script node was started with (`npm run admin:create`…),
 * and does nothing when the module is imported (tests call the command's function themselves).
 * The npm scripts run inside apps/api: relative paths (DATA_DIR=./data, .env) are read from where
 * the command was typed, as `npm start` does.
 */
export function runWhenStarted(moduleUrl: string, command: (argv: string[]) => Promise<number>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(resolve(process.argv[1])).href) return
  if (process.env.INIT_CWD) process.chdir(resolve(process.env.INIT_CWD))
  if (existsSync('.env')) process.loadEnvFile('.env')
  void command(process.argv.slice(2)).then((code) => {
    process.exitCode = code
  })
}
