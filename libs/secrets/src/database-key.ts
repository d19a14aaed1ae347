import type { Logger } from '@pds/observability';
import { SecretBox, generateSecretKey } from './secret-box';

/** Where a context keeps a generated key: its own settings table (`ContextSettings` of the persistence library). */
export interface SecretKeyStore {
  /** The stored value of `name`; stores `initial` first when there is none (the first replica wins). */
  getOrInit(name: string, initial: string): Promise<string>;
}

export interface SecretBoxSource {
  /** base64 of 32 bytes from the environment (or standalone's key file); wins when set. */
  key: string | undefined;
  /** Name of that setting, for messages. */
  keyName: string;
}

/**
 * The SecretBox of a process. Without a configured key, the first replica generates one into the
 * context's settings and every replica reads the same one: secrets are then still never stored in
 * clear, but production deployments should set the key so that it lives apart from the data.
 */
export async function openSecretBox(store: SecretKeyStore, logger: Logger, source: SecretBoxSource): Promise<SecretBox> {
  if (source.key) return new SecretBox(source.key, source.keyName);
  const key = await store.getOrInit('secret_key', generateSecretKey());
  logger.warn(`${source.keyName} is not set: secrets are encrypted with a key kept in the database; set it in production`);
  return new SecretBox(key, source.keyName);
}
