/**
 * Preloaded into the measured process (`node --require dist/bench/memory-probe.js`) by
 * `npm run bench:memory`: splits its resident memory into V8's heap, WebAssembly linear memory
 * (PGlite's PostgreSQL) and the rest, which /proc alone cannot. Every MEMORY_PROBE_INTERVAL_MS
 * (250) it overwrites MEMORY_PROBE_FILE with one JSON snapshot; it does nothing without that file.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import v8 from 'node:v8';

export interface MemorySnapshot {
  at: number;
  /** /proc/self/status, MiB. */
  vmRss: number;
  vmHwm: number;
  rssAnon: number;
  rssFile: number;
  /** process.memoryUsage(), MiB. */
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** V8 heap spaces (committed MiB), new space included: young objects live there. */
  spaces: Record<string, number>;
  /** Byte length of every live WebAssembly.Memory, MiB (a grown memory never shrinks). */
  wasm: number[];
}

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const mib = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
  // The workspace's lib has no WebAssembly types (no DOM); this is all the probe touches.
  type WasmMemory = { readonly buffer: ArrayBuffer };
  const wasm = (globalThis as unknown as { WebAssembly: { Memory: new (descriptor: object) => WasmMemory } }).WebAssembly;
  // Weak references: holding the memories would keep a closed instance's (initdb's) memory alive.
  const memories: WeakRef<WasmMemory>[] = [];
  const Original = wasm.Memory;
  class TrackedMemory extends Original {
    constructor(descriptor: object) {
      super(descriptor);
      memories.push(new WeakRef(this));
    }
  }
  wasm.Memory = TrackedMemory;

  const write = () => {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    const usage = process.memoryUsage();
    const snapshot: MemorySnapshot = {
      at: Date.now(),
      vmRss: mib(kib('VmRSS') * 1024),
      vmHwm: mib(kib('VmHWM') * 1024),
      rssAnon: mib(kib('RssAnon') * 1024),
      rssFile: mib(kib('RssFile') * 1024),
      heapTotal: mib(usage.heapTotal),
      heapUsed: mib(usage.heapUsed),
      external: mib(usage.external),
      arrayBuffers: mib(usage.arrayBuffers),
      spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, mib(space.physical_space_size)])),
      wasm: memories.flatMap((ref) => {
        const memory = ref.deref();
        return memory ? [mib(memory.buffer.byteLength)] : [];
      }),
    };
    // Whole or not at all: the bench reads the file while this process runs.
    writeFileSync(`${file}.tmp`, JSON.stringify(snapshot));
    renameSync(`${file}.tmp`, file);
  };
  setInterval(write, Number(process.env.MEMORY_PROBE_INTERVAL_MS ?? 250)).unref();
}
