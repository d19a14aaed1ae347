import { stopProcesses } from '../../../tools/stack';

export default async function globalTeardown(): Promise<void> {
  const stack = globalThis.__E2E_STACK__;
  if (!stack) return;
  await stopProcesses(stack.children);
  await stack.cleanup();
}
