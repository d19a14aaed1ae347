import type * as PgliteModule from '@electric-sql/pglite';
import { Column, readExecution } from './pglite-rows';

type PGlite = PgliteModule.PGlite;
type Transaction = PgliteModule.Transaction;
type QueryOptions = PgliteModule.QueryOptions;
type Results<T> = PgliteModule.Results<T>;
type BackendMessage = Parameters<typeof PgliteModule.parse.parseResults>[0][number];
type Parsers = Record<number, (value: string, typeId: number) => unknown>;

/**
 * Statements PGlite keeps prepared at most (least recently used ones are closed). A prepared list
 * statement with its plans holds ~80 KB of the backend's memory, which in PGlite is WebAssembly
 * memory and never shrinks: 200 of them stay under 16 MiB, while the standalone's hot statements
 * number a few dozen.
 */
export const PGLITE_MAX_PREPARED = 200;

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription (empty for a statement that returns no rows). */
  columns: Column[];
}

const ANSWER_BUFFER_BYTES = 64 * 1024;
const ANSWER_BUFFER_MAX = 1024 * 1024;

/**
 * Names are never reused, within one instance or across instances on one PGlite, so that a Close
 * that did not happen cannot collide later.
 */
let generation = 0;

/** The parts of the PGlite module this needs at run time (it is required lazily, see loadPglite). */
export interface PgliteProtocol {
  protocol: typeof PgliteModule.protocol;
  messages: typeof PgliteModule.messages;
  TransactionAbortedError: typeof PgliteModule.TransactionAbortedError;
}

/** What runs inside `PgliteStatements.transaction`. */
export interface StatementTransaction {
  /** `prepared` false runs the text as PostgreSQL's unnamed statement (parsed every time). */
  query<T>(text: string, params?: readonly unknown[], prepared?: boolean): Promise<Results<T>>;
  /** A script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

/**
 * Prepared statements for PGlite, which has none of its own: its `query` parses, plans and
 * describes the text on every call, in six calls into WebAssembly (400 of a 450 µs work-item
 * lookup), and its row parser copies every field before decoding it (a third of the standalone's
 * CPU on a page of 50). Here a text is parsed and described once, then runs as Bind, Execute and
 * Sync in one call (50 µs), and its rows are read from the raw answer (readExecution); numbers in
 * docs/benchmarks.md, "Standalone: prepared statements". Only PGlite's public protocol API
 * (`protocol.serialize`, `execProtocolRawStream`, its query and transaction locks) is used. Beyond
 * PGLITE_MAX_PREPARED texts the least recently used is closed.
 */
export class PgliteStatements {
  /** By SQL text, in order of last use (a Map iterates in insertion order). */
  private readonly prepared = new Map<string, Prepared>();
  /** Where answers are copied out of WebAssembly memory (see executeRaw). */
  private answer = Buffer.allocUnsafe(ANSWER_BUFFER_BYTES);
  /** PGlite's parsers with a caller's own over them (Prisma's adapter passes the same object on every call). */
  private readonly mergedParsers = new WeakMap<object, Parsers>();

  constructor(
    private readonly pglite: PGlite,
    private readonly module: PgliteProtocol,
    private readonly limit = PGLITE_MAX_PREPARED,
  ) {}

  /** How many statements are prepared right now. */
  get size(): number {
    return this.prepared.size;
  }

  /** Runs `text` as a prepared statement outside any transaction, as `pglite.query` would. */
  async query<T>(text: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (this.pglite.closed) throw new Error('PGlite is closed');
    return this.pglite._runExclusiveTransaction(() =>
      this.pglite._runExclusiveQuery(async () => {
        const results = await this.run<T>(text, params, options);
        await this.pglite.syncToFs();
        return results;
      }),
    );
  }

  /**
   * A transaction whose statements all go this way, BEGIN and COMMIT included: PGlite's own
   * `transaction` sends each of those as two calls into WebAssembly and reads their answers with
   * its parser, ~30 of a ~50 µs transaction (docs/benchmarks.md). Like PGlite's, it holds the
   * transaction lock throughout, rolls back when `fn` throws, and fails when the commit turned into
   * a rollback (a statement failed and `fn` carried on).
   */
  async transaction<T>(fn: (tx: StatementTransaction) => Promise<T>): Promise<T> {
    if (this.pglite.closed) throw new Error('PGlite is closed');
    return this.pglite._runExclusiveTransaction(async () => {
      const control = (command: 'BEGIN' | 'COMMIT' | 'ROLLBACK') => this.pglite._runExclusiveQuery(() => this.run(command, [], undefined));
      let open = true;
      const inside = <R>(work: () => Promise<R>): Promise<R> => {
        if (!open) return Promise.reject(new Error('Transaction is closed'));
        return this.pglite._runExclusiveQuery(work);
      };
      const tx: StatementTransaction = {
        query: <R>(text: string, params: readonly unknown[] = [], prepared = true) =>
          inside(() => (prepared ? this.run<R>(text, params, undefined) : this.runUnnamed<R>(text, params))),
        exec: (script) => inside(() => this.script(script)),
      };
      await control('BEGIN');
      try {
        const result = await fn(tx);
        open = false;
        const commit = await control('COMMIT');
        if (commit.command === 'ROLLBACK') throw new this.module.TransactionAbortedError();
        return result;
      } catch (error) {
        if (open) {
          open = false;
          await control('ROLLBACK').catch(() => undefined);
        }
        throw error;
      } finally {
        await this.pglite.syncToFs();
      }
    });
  }

  /** The same inside `tx`, a transaction of this PGlite (its lock is held; its commit syncs). */
  async queryIn<T>(tx: Transaction, text: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (tx.closed) throw new Error('Transaction is closed');
    return this.pglite._runExclusiveQuery(() => this.run<T>(text, params, options));
  }

  private async run<T>(text: string, params: readonly unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = this.prepared.get(text) ?? (await this.prepare(text));
    // Touched: it moves to the end of the eviction order.
    this.prepared.delete(text);
    this.prepared.set(text, statement);
    return this.execute<T>(statement, params, options);
  }

  /** PostgreSQL's unnamed statement: parsed and described for this one execution. */
  private async runUnnamed<T>(text: string, params: readonly unknown[]): Promise<Results<T>> {
    return this.execute<T>(await this.describe('', text), params, undefined);
  }

  /** A script through the simple query protocol (PGlite's parser reads the answer and throws its error). */
  private async script(script: string): Promise<void> {
    await this.pglite.execProtocolStream(this.module.protocol.serialize.query(script), { syncToFs: false });
  }

  private async execute<T>(statement: Prepared, params: readonly unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const { serialize } = this.module.protocol;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i];
      const serializer = options?.serializers?.[type] ?? this.pglite.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const answer = await this.executeRaw(concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]));
    const { DatabaseError } = this.module.messages;
    return readExecution<T>(answer, statement.columns, this.parsers(options), options?.rowMode === 'array', (message, length) => new DatabaseError(message, length, 'error'));
  }

  /**
   * The backend's answer, unparsed: `execProtocolRaw` would also run PGlite's parser over it (for
   * notifications), the cost this avoids. The chunks are views of WebAssembly memory, so they are
   * copied, into one buffer kept for the purpose: the answer is read before the query lock is
   * released, and a copy per query was ~35 MiB more RSS under load (malloc churn).
   */
  private async executeRaw(message: Uint8Array): Promise<Buffer> {
    let length = 0;
    await this.pglite.execProtocolRawStream(message, {
      syncToFs: false,
      onRawData: (chunk) => {
        if (length + chunk.length > this.answer.length) {
          const larger = Buffer.allocUnsafe(Math.max(2 * this.answer.length, length + chunk.length));
          this.answer.copy(larger, 0, 0, length);
          this.answer = larger;
        }
        this.answer.set(chunk, length);
        length += chunk.length;
      },
    });
    const answer = this.answer.subarray(0, length);
    // A rare large answer does not keep its buffer.
    if (this.answer.length > ANSWER_BUFFER_MAX) this.answer = Buffer.allocUnsafe(ANSWER_BUFFER_BYTES);
    return answer;
  }

  private parsers(options: QueryOptions | undefined): Parsers {
    const own = options?.parsers;
    if (!own) return this.pglite.parsers;
    let merged = this.mergedParsers.get(own);
    if (!merged) this.mergedParsers.set(own, (merged = { ...this.pglite.parsers, ...own }));
    return merged;
  }

  private async prepare(text: string): Promise<Prepared> {
    const { serialize } = this.module.protocol;
    const parts: Uint8Array[] = [];
    if (this.prepared.size >= this.limit) {
      const [oldestText, oldest] = this.prepared.entries().next().value as [string, Prepared];
      this.prepared.delete(oldestText);
      parts.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    generation += 1;
    return this.describe(`pds_${generation}`, text, parts);
  }

  /** Parses and describes `text` as the statement `name` ('' is the unnamed one), after `before`. */
  private async describe(name: string, text: string, before: Uint8Array[] = []): Promise<Prepared> {
    const { serialize } = this.module.protocol;
    const parts = [...before, serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()];
    // PGlite's own parser reads this once per text; a database error is thrown after its Sync.
    const messages: BackendMessage[] = await this.pglite.execProtocolStream(concat(parts), { syncToFs: false });
    const parameters = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const description = messages.find((m) => m.name === 'rowDescription') as { fields: Column[] } | undefined;
    const columns = (description?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID }));
    return { name, paramTypes: parameters?.dataTypeIDs ?? [], columns };
  }
}

/** Several protocol messages as one, for one call into PGlite. */
function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}
