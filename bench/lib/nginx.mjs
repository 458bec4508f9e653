// Our own nginx instance (never the system service): one worker on the server core (unless told), sendfile on,
// serving DATA_DIR/media directly (/media/), the API's signed media addresses checked with
// secure_link exactly as deploy/nginx/sintonia.conf.template does (/api/files/), and proxying the
// rest of /api to the API, with an internal location for the X-Accel-Redirect mode (/_protected_media/).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SERVER_CPU, startPinned, waitForHttp } from './common.mjs'
import { BENCH_MEDIA_URL_SECRET } from './stack.mjs'

export const ACCEL_PREFIX = '/_protected_media/'

/**
 * `cpu`: the core nginx runs on — the server's by default, beside the API as on one small host;
 * sessions-load gives it a core of its own (bench/README.md).
 */
export async function startNginx({ dir, port, mediaRoot, apiPort, extraApiPorts = [], staticRoot, cpu = SERVER_CPU }) {
  mkdirSync(join(dir, 'temp'), { recursive: true })
  // worker_cpu_affinity takes a bit mask, the lowest CPU rightmost.
  const affinity = `1${'0'.repeat(Number(cpu))}`
  const conf = `
worker_processes 1;
worker_cpu_affinity ${affinity};
daemon off;
master_process on;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
user root;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  keepalive_timeout 65;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  upstream api { ${[apiPort, ...extraApiPorts].map((p) => `server 127.0.0.1:${p};`).join(' ')} keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location /media/ { alias ${mediaRoot}/; }
    location /api/files/ {
      secure_link $arg_md5,$arg_expires;
      secure_link_md5 "$secure_link_expires$uri ${BENCH_MEDIA_URL_SECRET}";
      if ($secure_link = "") { return 403; }
      if ($secure_link = "0") { return 410; }
      alias ${mediaRoot}/;
      add_header Cache-Control "private, max-age=600" always;
    }
    location ${ACCEL_PREFIX} { internal; alias ${mediaRoot}/; }
    ${staticRoot ? `location /static/ { alias ${staticRoot}/; }` : ''}
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_buffering on;
    }
  }
}
`
  const file = join(dir, 'nginx.conf')
  writeFileSync(file, conf)
  const nginx = startPinned(cpu, 'nginx', ['-c', file, '-p', dir])
  try {
    await waitForHttp(`http://127.0.0.1:${port}/media/`, { timeoutMs: 15_000, ok: () => true })
  } catch (error) {
    await nginx.stop()
    throw new Error(`nginx did not start: ${nginx.output()} ${error.message}`, { cause: error })
  }
  return nginx
}
