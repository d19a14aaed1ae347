import { randomUUID } from 'node:crypto';
import { NatsConnection, ObjectStore, StorageType, nanos } from 'nats';

const CLAIM = '$claim';
/** Room for subject, headers and protocol around a payload. */
const HEADROOM = 64 * 1024;
const TTL_MS = 3600_000;

export interface Claim {
  [CLAIM]: string;
}

export function isClaim(value: unknown): value is Claim {
  return typeof value === 'object' && value !== null && typeof (value as Claim)[CLAIM] === 'string' && Object.keys(value).length === 1;
}

/**
 * Claim check for messages larger than the NATS server accepts (`max_payload`, 1 MiB by default):
 * an intake description alone may be 900,000 characters, which is up to 2.7 MB of UTF-8, and a list
 * can carry several. The bytes go to a JetStream object store and only a reference travels as the
 * message; the receiver fetches and deletes it (an hour's TTL cleans up after crashed receivers).
 */
export interface LargePayloadOptions {
  /** How long an object is kept when nobody deletes it. */
  ttlMs?: number;
  /** Events have one reader per durable consumer: they are left to the TTL instead of deleted. */
  keepOnRedeem?: boolean;
}

export class LargePayloads {
  private store?: Promise<ObjectStore>;

  constructor(
    private readonly nc: NatsConnection,
    private readonly bucket: string,
    private readonly options: LargePayloadOptions = {},
  ) {}

  /** Largest message sent as is. */
  get limit(): number {
    return (this.nc.info?.max_payload ?? 1024 * 1024) - HEADROOM;
  }

  async stash(data: Uint8Array): Promise<Claim> {
    const name = randomUUID();
    await (await this.open()).putBlob({ name }, data);
    return { [CLAIM]: name };
  }

  async redeem(claim: Claim): Promise<Uint8Array> {
    const store = await this.open();
    const data = await store.getBlob(claim[CLAIM]);
    if (!data) throw new Error(`large payload ${claim[CLAIM]} is gone`);
    if (!this.options.keepOnRedeem) void store.delete(claim[CLAIM]).catch(() => undefined);
    return data;
  }

  private open(): Promise<ObjectStore> {
    this.store ??= this.nc
      .jetstream()
      .views.os(this.bucket, { ttl: nanos(this.options.ttlMs ?? TTL_MS), storage: StorageType.File, description: 'messages above max_payload' })
      .catch((error: unknown) => {
        this.store = undefined;
        throw error;
      });
    return this.store;
  }
}
