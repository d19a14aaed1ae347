import { Provider } from '@nestjs/common';
import { LOGGER, Logger } from '@pds/observability';
import { SecretBox, openSecretBox } from '@pds/secrets';
import { DISPATCHER_OPTIONS, WebhookDispatcherOptions } from '../common/dispatcher.options';
import { SettingRepository } from './setting.repository';

/** The SecretBox of the process: WEBHOOK_SECRET_KEY (standalone passes the key it keeps in DATA_DIR), else a key kept in webhooks.settings. */
export const secretBoxProvider: Provider = {
  provide: SecretBox,
  inject: [DISPATCHER_OPTIONS, SettingRepository, LOGGER],
  useFactory: (options: WebhookDispatcherOptions, settings: SettingRepository, logger: Logger): Promise<SecretBox> =>
    openSecretBox(settings, logger, { key: options.secretKey, keyName: 'WEBHOOK_SECRET_KEY' }),
};
