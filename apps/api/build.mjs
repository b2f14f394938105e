// Bundles the server into dist/ with our workspace packages inlined (they ship TypeScript source)
// and every other package left to node_modules.
import { build } from 'esbuild';

const externalizeDependencies = {
  name: 'externalize-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cedar/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: {
    server: 'src/server.ts',
    'cli/admin': 'src/cli/admin.ts',
    'cli/seed': 'src/cli/seed.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalizeDependencies],
});
