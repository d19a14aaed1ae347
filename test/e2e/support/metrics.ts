import { stackInfo } from './stack-info';

/** The Prometheus text of one app's `/metrics`. */
export async function scrape(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (response.status !== 200) throw new Error(`${baseUrl}/metrics answered ${response.status}`);
  return response.text();
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Every sample of `name` in an exposition, with its labels. */
export function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  const found: { labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match || match[1] !== name) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map(([, key, value]) => [key, value]));
    found.push({ labels, value: Number(match[3]) });
  }
  return found;
}

/** The sum of the samples of `name` whose labels include `labels`, in one exposition. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  return samples(text, name)
    .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** The same sum over every app of the stack (replicas count together; standalone is one app). */
export async function stackMetric(name: string, labels: Record<string, string> = {}, urls = Object.values(stackInfo().appUrls)): Promise<number> {
  const texts = await Promise.all(urls.map(scrape));
  return texts.reduce((sum, text) => sum + metricValue(text, name, labels), 0);
}

