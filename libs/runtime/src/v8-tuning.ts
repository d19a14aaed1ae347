import v8 from 'node:v8';

/**
 * V8 settings every distributed app applies to itself at start-up (V8 refuses them in NODE_OPTIONS,
 * and set here they hold however the app is launched: npm scripts, the image, a test harness).
 *
 * `--no-allocation-site-pretenuring`: V8 learns from scavenges which allocation sites' objects
 * survive and then allocates those sites' objects straight in the old generation. The gateway's
 * POST path (the idempotency interceptor's RxJS chain, held across a service round trip) taught it
 * that about code the GET path shares, so under read load the gateway allocated short-lived
 * request objects in the old generation: the old generation filled with garbage (40 → 175 MB between
 * full collections) and every scavenge had more old-to-young pointers to visit (scavenge time 1.8×,
 * gateway CPU per read +8–10 %, docs/benchmarks.md "NestJS-native messaging", fifth session). The
 * apps' objects are request-scoped or live for the process, the case pretenuring does not help.
 * Standalone keeps V8's default: there the flag cost 9–15 % of its read throughput in two paired
 * `bench:memory` runs and did not lower its memory.
 */
export const DISTRIBUTED_V8_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring'];

export function applyDistributedV8Flags(): void {
  for (const flag of DISTRIBUTED_V8_FLAGS) v8.setFlagsFromString(flag);
}
