import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { stackInfo } from './stack-info';

/** Every log line the stack's processes wrote so far, from the files global setup points them to. */
export function stackLogs(): string {
  const { logDir } = stackInfo();
  return readdirSync(logDir)
    .filter((name) => name.endsWith('.log'))
    .map((name) => readFileSync(path.join(logDir, name), 'utf8'))
    .join('\n');
}

/** The stack's JSON log lines (pino) that mention `text`, parsed. */
export function logLinesMentioning(text: string): { level: number; msg: string; [field: string]: unknown }[] {
  return stackLogs()
    .split('\n')
    .filter((line) => line.includes(text))
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    });
}
