'use strict';
// The "bench" message of PROTOCOL.md (capability "bench"): run one
// operation `warmup` times untimed, then `iterations` times on this
// process's own clock, and answer with the last answer and the time taken,
// so the harness measures the implementation and not the pipe to it.
//
// Time is process.hrtime.bigint() (monotonic, nanoseconds). Allocated bytes
// are estimated from V8's garbage collector: the heap in use after the runs,
// less before, plus what every collection during the runs freed (a
// v8.GCProfiler records each); where that profiler is missing they are not
// reported.

const v8 = require('node:v8');

const CLOCK = 'process.hrtime.bigint';

function bench(op, request, warmup, iterations) {
  let answer;
  for (let i = 0; i < warmup; i++) answer = op(request);
  const profiler = typeof v8.GCProfiler === 'function' ? new v8.GCProfiler() : null;
  if (profiler) profiler.start();
  const heapBefore = v8.getHeapStatistics().used_heap_size;
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) answer = op(request);
  const elapsed = process.hrtime.bigint() - start;
  const heapAfter = v8.getHeapStatistics().used_heap_size;
  const timing = { iterations, elapsed_ns: Number(elapsed), clock: CLOCK };
  if (profiler) {
    let freed = 0;
    for (const s of profiler.stop().statistics || []) {
      freed += Math.max(0, s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize);
    }
    timing.allocated_bytes = Math.max(0, heapAfter - heapBefore + freed);
  }
  return { answer, timing };
}

module.exports = { bench };
