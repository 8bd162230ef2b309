// Stand-in for the few parts of Deno's global namespace that casys-pml's
// modules touch when they load (src/telemetry/logger.ts reads HOME for its
// log file's path) or when they handle a file error. Node runs the bundle;
// nothing here reads or writes a file.
if (typeof globalThis.Deno === 'undefined') {
  class NotFound extends Error {}
  globalThis.Deno = {
    env: {
      get: (name) => process.env[name],
      has: (name) => name in process.env,
      toObject: () => ({ ...process.env }),
    },
    errors: { NotFound },
    build: { os: process.platform },
  };
}
