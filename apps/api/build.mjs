// Bundles the API for `npm start`: our own workspace code (TypeScript) is compiled in, while
// npm packages stay external and load from node_modules as usual.
import { build } from 'esbuild'

await build({
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@sintonia/') ? undefined : { path: args.path, external: true },
        )
      },
    },
  ],
})
