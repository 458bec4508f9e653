// `npm run dev`: the API in watch mode and the Vite dev server side by side; Ctrl+C stops both.
import { spawn } from 'node:child_process'

const children = [
  spawn('npm', ['run', 'dev', '-w', '@sintonia/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@sintonia/web'], { stdio: 'inherit' }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', (code) => { if (code) { stop(); process.exitCode = code } })
