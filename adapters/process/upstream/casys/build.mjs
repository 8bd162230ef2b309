#!/usr/bin/env node
// Bundles the casys-pml adapter (main.mjs) with casys-pml's own TypeScript,
// unchanged, into one file Node runs. casys-pml is written for Deno: its
// bare imports go through the import map of its deno.json to `npm:` and
// `jsr:` specifiers. This build reads that map and resolves
//   npm:NAME@RANGE  to the npm package NAME installed beside package.json
//                   (only those this adapter pins: graphology);
//   jsr:@std/...    to the stand-ins in stubs/ (JSR is not a registry this
//                   project can reach; what each stand-in does is in
//                   README.md and in the stub itself);
// and `casys:PATH` (this adapter's own imports) to PATH in the snapshot.
// Anything else fails the build, naming the specifier.
//
//   node build.mjs --src DIR/casys-pml-ba8b9272 --modules DIR/with/node_modules --out FILE
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const { values: opt } = parseArgs({
  options: {
    src: { type: 'string' },
    modules: { type: 'string' },
    out: { type: 'string' },
  },
});
for (const k of ['src', 'modules', 'out']) {
  if (!opt[k]) {
    process.stderr.write(`build: --${k} is required\n`);
    process.exit(2);
  }
}
const src = resolve(opt.src);
const require = createRequire(join(resolve(opt.modules), 'package.json'));
const esbuild = require('esbuild');
const denoJSON = JSON.parse(readFileSync(join(src, 'deno.json'), 'utf8'));
const importMap = denoJSON.imports || {};

// Stand-ins for what cannot exist here, by the specifier casys-pml names.
const stubs = {
  '@std/log': 'std-log.mjs',
  '@std/log/file-handler': 'std-log.mjs',
  '@std/fs': 'std-fs.mjs',
  '@std/yaml': 'std-yaml.mjs',
  '@huggingface/transformers': 'transformers.mjs',
};

const casys = {
  name: 'casys-deno',
  setup(build) {
    build.onResolve({ filter: /^casys:/ }, (args) => ({ path: join(src, 'src', args.path.slice('casys:'.length)) }));
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      if (args.importer === '' || !args.importer.startsWith(src)) return undefined; // ours: node's resolution
      if (stubs[args.path]) return { path: join(here, 'stubs', stubs[args.path]) };
      const mapped = importMap[args.path] ?? args.path;
      const npm = /^npm:(@?[^@]+)(?:@[^/]*)?(\/.*)?$/.exec(mapped);
      if (npm) return { path: require.resolve(npm[1] + (npm[2] ?? '')) };
      return { errors: [{ text: `casys-pml imports ${JSON.stringify(args.path)} (${mapped}): no npm package or stand-in for it` }] };
    });
  },
};

const result = await esbuild.build({
  entryPoints: [join(here, 'main.mjs')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: resolve(opt.out),
  plugins: [casys],
  nodePaths: [join(resolve(opt.modules), 'node_modules')],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
  legalComments: 'inline',
});
if (result.errors.length > 0) process.exit(1);
if (!existsSync(resolve(opt.out))) process.exit(1);
