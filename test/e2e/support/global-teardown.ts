import { stopProcesses } from '../../../tools/stack';
import { recordedWrites, unaudited } from './audited-writes';

/** Time for the last writes' entries to pass through the outbox relay and the audit consumer. */
const AUDIT_SETTLE_MS = 3000;

export default async function globalTeardown(): Promise<void> {
  const stack = globalThis.__E2E_STACK__;
  if (!stack) return;
  // Every write the run made on the shared stack must have its audit entry (the check after the suite).
  const writes = recordedWrites(stack.logDir);
  if (writes.length > 0) await new Promise((resolve) => setTimeout(resolve, AUDIT_SETTLE_MS));
  await stopProcesses(stack.children);
  let missing: string[] = [];
  try {
    if (writes.length > 0) missing = unaudited(writes, await stack.auditedRequestIds());
  } finally {
    await stack.cleanup();
  }
  if (missing.length > 0) {
    throw new Error(`Writes of this run without an audit entry (${writes.length} writes checked):\n${missing.join('\n')}`);
  }
  if (writes.length > 0) process.stdout.write(`audit check: all ${writes.length} writes of the run have their audit entry\n`);
}
