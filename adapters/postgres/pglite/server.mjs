#!/usr/bin/env node
// Serves one in-memory PGlite (PostgreSQL compiled to WebAssembly, with its
// pg_trgm contrib) over the PostgreSQL wire protocol, so that the postgres
// adapter (pgx) and psql connect to it as to a server. The packages are the
// ones pinned in package.json/package-lock.json beside this file, installed
// by `make pglite` into an ignored folder (default .upstream/pglite at the
// repository root; --modules names another).
//
//   node adapters/postgres/pglite/server.mjs [--port 0] [--host 127.0.0.1] [--modules DIR]
//
// Once it listens it prints one line, `dsn postgres://...`, on stdout; it
// stops on SIGINT, SIGTERM or when its standard input closes (so a test
// that dies does not leave it behind).
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const { values: opt } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    modules: { type: 'string', default: join(here, '..', '..', '..', '.upstream', 'pglite') },
    'max-connections': { type: 'string', default: '1' },
    'watch-stdin': { type: 'boolean', default: false },
  },
});

const dir = resolve(opt.modules);
const require = createRequire(join(dir, 'package.json'));
let PGlite, pg_trgm, PGLiteSocketServer;
try {
  ({ PGlite } = require('@electric-sql/pglite'));
  ({ pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm'));
  ({ PGLiteSocketServer } = require('@electric-sql/pglite-socket'));
} catch (err) {
  process.stderr.write(`pglite: the packages are not installed in ${dir} (run \`make pglite\`): ${err.message}\n`);
  process.exit(3);
}

const db = await PGlite.create({ extensions: { pg_trgm } });
const server = new PGLiteSocketServer({
  db,
  port: Number(opt.port),
  host: opt.host,
  // PGlite is one PostgreSQL backend: the socket server's default (and
  // what this script serves) is one client connection at a time.
  maxConnections: Number(opt['max-connections']),
});
server.addEventListener('listening', (e) => {
  const { host, port } = e.detail;
  process.stdout.write(`dsn postgres://postgres@${host}:${port}/postgres?sslmode=disable\n`);
});
await server.start();

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  try {
    await server.stop();
    await db.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
if (opt['watch-stdin']) {
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
}
