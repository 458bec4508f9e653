// autocannon on the client core. Input: {url, headers, connections, durationSec, overallRate?,
// paths?}: with `paths`, requests cycle through those paths (on the url's origin) instead of
// repeating one. Prints {requests per second, latency percentiles in ms, errors, non-2xx}.
import autocannon from 'autocannon'
import { readConfig } from './common.mjs'

const config = readConfig()
let next = 0
const result = await autocannon({
  url: config.url,
  headers: config.headers ?? {},
  connections: config.connections,
  duration: config.durationSec,
  ...(config.overallRate ? { overallRate: config.overallRate } : {}),
  ...(config.paths
    ? {
        requests: [
          {
            setupRequest: (request) => ({ ...request, path: config.paths[next++ % config.paths.length] }),
          },
        ],
      }
    : {}),
})
console.log(
  JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  }),
)
