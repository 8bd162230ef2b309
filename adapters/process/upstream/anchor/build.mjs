// build.mjs bundles the parts of anchor-engine-node the adapter calls into one
// ES module, with esbuild, from an unpacked checkout (never from this
// repository: the engine is AGPL-3.0 and is not copied here).
//
//   node build.mjs ENGINE_DIR OUT_FILE COMMIT DATE
//
// ENGINE_DIR is the checkout's engine/ folder (.upstream/anchor-engine-node-bf36eae/engine
// after `make upstream`); OUT_FILE the bundle main.mjs loads; COMMIT and DATE
// the commit the tree is of and its date, written to built.json beside
// OUT_FILE (main.mjs names them in its handshake: the bundle cannot tell). esbuild is
// resolved from the folder `make upstream` installed this directory's
// package.json into (the current directory when this runs).
//
// The engine's sources are bundled unchanged. Modules the three functions
// import but never call on the adapter's paths, and npm packages that are not
// on the registry or need a model (README.md, "What the engine is given"), are
// replaced by stand-ins that throw when called: nothing answers in their place.
import { build } from 'esbuild';
import path from 'node:path';
import fs from 'node:fs';

const [engineDir, outFile, commit, date] = process.argv.slice(2);
if (!engineDir || !outFile || !commit || !date) {
  console.error('usage: node build.mjs ENGINE_DIR OUT_FILE COMMIT DATE');
  process.exit(2);
}
if (!/^[0-9a-f]{7,40}$/.test(commit) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
  console.error(`build.mjs: COMMIT must be hex digits and DATE YYYY-MM-DD, got ${JSON.stringify(commit)} ${JSON.stringify(date)}`);
  process.exit(2);
}
const src = path.resolve(engineDir, 'src');
for (const f of ['services/search/context-inflator.ts', 'services/semantic/semantic-search.ts', 'core/db.ts']) {
  if (!fs.existsSync(path.join(src, f))) {
    console.error(`build.mjs: ${path.join(src, f)} is missing: is ${engineDir} anchor-engine-node's engine/?`);
    process.exit(2);
  }
}

// The entry re-exports what main.mjs calls; it is generated here so that it
// can name the checkout's absolute paths.
const entry = `
export { ContextInflator } from ${JSON.stringify(path.join(src, 'services/search/context-inflator.ts'))};
export { executeDistributedRadialSearch } from ${JSON.stringify(path.join(src, 'services/semantic/semantic-search.ts'))};
export { distributeQueryBudget } from ${JSON.stringify(path.join(src, 'services/search/distributed-query.ts'))};
export { db } from ${JSON.stringify(path.join(src, 'core/db.ts'))};
`;

// Packages the engine imports that cannot be had here: @rbalchii/dse (the
// synonym ring; not on the npm registry), and the NLP and vector modules
// semantic-search.ts imports for executeSemanticSearch, which the adapter
// never calls (they load models). Each becomes a module whose every export
// throws "not available".
const unavailable = [
  /^@rbalchii\//,
  /^wink-nlp$/,
  /^wink-eng-lite-web-model$/,
  /^@xenova\/transformers$/,
];
const unavailableFiles = [
  path.join(src, 'services/nlp/nlp-service.ts'),
  path.join(src, 'services/nlp/query-parser.ts'),
  path.join(src, 'core/vector.ts'),
];

const standIns = {
  name: 'unavailable',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (unavailable.some((re) => re.test(args.path))) return { path: args.path, namespace: 'unavailable' };
      if (args.path.startsWith('.') && args.resolveDir) {
        const abs = path.resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts');
        if (unavailableFiles.includes(abs)) return { path: abs, namespace: 'unavailable' };
      }
      return undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'unavailable' }, (args) => ({
      contents: `
const name = ${JSON.stringify(path.basename(args.path))};
function unavailable() { throw new Error(name + ' is not available to the ctxconform adapter'); }
const handler = { get: (t, p) => (p === 'then' ? undefined : p === '__esModule' ? true : unavailable) };
const proxy = new Proxy(unavailable, handler);
export default proxy;
export const expandTerms = unavailable, loadSynonymRing = unavailable;
export const NlpService = class { constructor() { unavailable(); } };
export const parseNaturalLanguage = unavailable, expandQuery = unavailable;
export const vector = proxy, pipeline = unavailable;
`,
      loader: 'js',
    }));
  },
};

await build({
  stdin: { contents: entry, resolveDir: src, sourcefile: 'ctxconform-entry.ts', loader: 'ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node18',
  outfile: outFile,
  // PGlite loads its wasm and data files from beside its own module: keep it
  // a package import, resolved from the installed node_modules at run time.
  external: ['@electric-sql/pglite', '@electric-sql/pglite/*'],
  // the engine's modules use __dirname through fileURLToPath(import.meta.url)
  banner: { js: "import { createRequire as __ctxRequire } from 'node:module'; const require = __ctxRequire(import.meta.url);" },
  // js-yaml and the rest resolve from the packages installed beside the build
  nodePaths: [path.resolve('node_modules')],
  plugins: [standIns],
  logLevel: 'warning',
  sourcemap: false,
});
fs.writeFileSync(path.join(path.dirname(outFile), 'built.json'), JSON.stringify({ commit, date }) + '\n');
console.error(`build.mjs: wrote ${outFile} (${commit}, ${date})`);
