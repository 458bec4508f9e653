/**
 * Our own nginx (never the system service) running deploy/nginx/sintonia.conf.template — the very
 * file docs/deploy.md installs — for tests: the signed media addresses checked by `secure_link`
 * (test/process/nginx-signed-files.test.ts) and the balancer of the several-instances journey
 * (e2e/tests/multi-instance.spec.ts).
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './free-port.js'

export const NGINX_TEMPLATE = fileURLToPath(new URL('../../../../deploy/nginx/sintonia.conf.template', import.meta.url))

export interface TemplateValues {
  SINTONIA_LISTEN: string
  SINTONIA_SERVER_NAME: string
  SINTONIA_TLS: string
  SINTONIA_UPSTREAM_SERVERS: string
  SINTONIA_MEDIA_ROOT: string
  SINTONIA_MEDIA_URL_SECRET: string
}

/** What `envsubst` with the template's variable list does: only `${SINTONIA_*}` names are replaced. */
export function renderNginxTemplate(values: TemplateValues): string {
  return readFileSync(NGINX_TEMPLATE, 'utf8').replace(/\$\{(SINTONIA_[A-Z_]+)\}/g, (whole, name: string) => {
    const value = (values as unknown as Record<string, string | undefined>)[name]
    if (value === undefined) throw new Error(`valor ausente para ${whole}`)
    return value
  })
}

export interface RunningNginx {
  url: string
  port: number
  stop(): Promise<void>
}

/** Starts nginx on `port` (a free one by default) with the template rendered for `upstreams` (host:port each) and `mediaRoot`. */
export async function startNginx(options: { upstreams: string[]; mediaRoot: string; mediaUrlSecret: string; port?: number }): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'sintonia-nginx-'))
  mkdirSync(join(dir, 'temp'), { recursive: true })
  const port = options.port ?? (await freePort())
  const site = renderNginxTemplate({
    SINTONIA_LISTEN: `127.0.0.1:${port}`,
    SINTONIA_SERVER_NAME: 'localhost',
    SINTONIA_TLS: '',
    SINTONIA_UPSTREAM_SERVERS: options.upstreams.map((upstream) => `server ${upstream};`).join('\n  '),
    SINTONIA_MEDIA_ROOT: options.mediaRoot,
    SINTONIA_MEDIA_URL_SECRET: options.mediaUrlSecret,
  })
  writeFileSync(join(dir, 'sintonia.conf'), site)
  const runningAsRoot = process.getuid?.() === 0
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${runningAsRoot ? 'user root;' : ''}
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  include ${dir}/sintonia.conf;
}
`,
  )
  const child = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 15_000
  for (;;) {
    try {
      await fetch(`${url}/api/files/`)
      break
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL')
        let log = ''
        try {
          log = readFileSync(join(dir, 'error.log'), 'utf8')
        } catch {
          // no log yet
        }
        rmSync(dir, { recursive: true, force: true })
        throw new Error(`o nginx não iniciou: ${stderr} ${log}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    url,
    port,
    async stop() {
      if (child.exitCode === null) {
        // Fast shutdown: open WebSockets would hold a graceful one (SIGQUIT) for their whole life.
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
