import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from "kysely";

/**
 * Kysely's SQLite driver hands its one connection over with a lock that wakes every waiter on
 * each release, and all but one go back to sleep: with n queries waiting, each query costs O(n)
 * microtasks (10,000 clients connecting at once spent a quarter of the server's CPU in it).
 * This driver takes that lock once, for good, and queues the queries itself, first come first
 * served, waking only the next.
 */
class FifoSqliteDriver extends SqliteDriver {
  #connection: DatabaseConnection | undefined;
  #busy = false;
  #waiting: ((connection: DatabaseConnection) => void)[] = [];
  #head = 0;

  override async init(): Promise<void> {
    await super.init();
    this.#connection = await super.acquireConnection();
  }

  override acquireConnection(): Promise<DatabaseConnection> {
    const connection = this.#connection;
    if (!connection) return Promise.reject(new Error("the SQLite driver is not initialized"));
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve(connection);
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /**
   * Runs `query` on the connection at once, outside the queue. better-sqlite3 runs a statement
   * synchronously, so nothing of another query is in progress on the connection meanwhile; the
   * caller must make sure no transaction is open on it (sqlite-store.ts).
   */
  runNow<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> | undefined {
    return this.#connection?.executeQuery<R>(query);
  }

  override releaseConnection(): Promise<void> {
    const next = this.#waiting[this.#head];
    if (next) {
      this.#head++;
      if (this.#head === this.#waiting.length) {
        this.#waiting = [];
        this.#head = 0;
      } else if (this.#head >= 1024 && this.#head * 2 >= this.#waiting.length) {
        // A queue that never empties drops its served half now and then, not one at a time.
        this.#waiting = this.#waiting.slice(this.#head);
        this.#head = 0;
      }
      next(this.#connection as DatabaseConnection);
    } else {
      this.#busy = false;
    }
    return Promise.resolve();
  }
}

export class FifoSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  #driver: FifoSqliteDriver | undefined;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    this.#driver = new FifoSqliteDriver(this.#config);
    return this.#driver;
  }

  /** The driver's `runNow`: undefined before Kysely has created and initialized the driver. */
  runNow<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> | undefined {
    return this.#driver?.runNow(query);
  }
}
