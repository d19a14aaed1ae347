import { AppException, ServiceUnavailableError } from '@pds/contracts';
import type { BusOutcome } from '@pds/observability';
import { Reply } from './message-bus';

/**
 * What the contexts serving a gathered subject answered (`MessageBus.gather`). A context's error
 * does not end the gather: it is one reply among the others, so it cannot hide another context's
 * answer; the caller decides what an error beside no useful answer means.
 */
export interface Gathered<T> {
  /** The answers of the contexts that succeeded, in the order they came. */
  answers: T[];
  /** What the contexts that failed threw (a reply that could not be read: ServiceUnavailable). */
  errors: AppException[];
  /** Contexts that had not answered when the gather ended (early on an answer that was enough, or at the deadline). */
  unanswered: number;
}

export interface GatherOptions<T> {
  /** An answer that makes the others unnecessary (`(answer) => answer !== null`): the gather ends on it. */
  until?: (answer: T) => boolean;
}

/**
 * One gather's replies as they come, for either bus: it says when the gather may end (an answer
 * was enough, or every expected context answered) and ends it once.
 */
export class Gathering<T> {
  private readonly answers: T[] = [];
  private readonly errors: AppException[] = [];
  private satisfied = false;
  private ended = false;

  constructor(
    private readonly subject: string,
    private readonly expected: number,
    private readonly until: ((answer: T) => boolean) | undefined,
  ) {}

  /** Takes one context's reply (ignored once ended); true when the gather may end. */
  add(reply: Reply): boolean {
    if (this.ended) return false;
    if (reply.ok) {
      this.answers.push(reply.data as T);
      this.satisfied ||= this.until?.(reply.data as T) ?? false;
    } else {
      this.errors.push(AppException.fromBody(reply.error));
    }
    return this.complete;
  }

  get complete(): boolean {
    return this.satisfied || this.answers.length + this.errors.length >= this.expected;
  }

  /**
   * Ends the gather (once: undefined after): what it gathered, or ServiceUnavailable when no context
   * answered at all, with the outcome the request metric counts it under (`timeout`: it waited for
   * the deadline).
   */
  end(): { outcome: BusOutcome; result: Gathered<T> | ServiceUnavailableError } | undefined {
    if (this.ended) return undefined;
    this.ended = true;
    const answered = this.answers.length + this.errors.length;
    if (answered === 0) return { outcome: 'timeout', result: new ServiceUnavailableError(`No service answered ${this.subject} in time`) };
    const outcome: BusOutcome = !this.complete ? 'timeout' : this.answers.length > 0 ? 'ok' : 'error';
    return { outcome, result: { answers: this.answers, errors: this.errors, unanswered: Math.max(0, this.expected - answered) } };
  }
}
