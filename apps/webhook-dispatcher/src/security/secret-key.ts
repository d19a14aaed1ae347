import { Provider } from '@nestjs/common';
import { LOGGER, Logger } from '@pds/observability';
import { DISPATCHER_OPTIONS, WebhookDispatcherOptions } from '../common/dispatcher.options';
import { SecretBox, generateSecretKey } from './secret-box';
import { SettingRepository } from './setting.repository';

/**
 * The SecretBox of the process. WEBHOOK_SECRET_KEY wins (standalone passes the key it keeps in
 * DATA_DIR). Without one, the first dispatcher generates a key into webhooks.settings and every
 * replica reads the same one: secrets are then still never stored in clear, but production
 * deployments should set WEBHOOK_SECRET_KEY so that the key lives apart from the data.
 */
export const secretBoxProvider: Provider = {
  provide: SecretBox,
  inject: [DISPATCHER_OPTIONS, SettingRepository, LOGGER],
  useFactory: async (options: WebhookDispatcherOptions, settings: SettingRepository, logger: Logger): Promise<SecretBox> => {
    if (options.secretKey) return new SecretBox(options.secretKey);
    const key = await settings.getOrInit('secret_key', generateSecretKey());
    logger.warn('WEBHOOK_SECRET_KEY is not set: webhook secrets are encrypted with a key kept in the database; set it in production');
    return new SecretBox(key);
  },
};
