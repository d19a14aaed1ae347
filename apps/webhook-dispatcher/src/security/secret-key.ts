import { Provider } from '@nestjs/common';
import { LOGGER, Logger } from '@pds/observability';
import { ContextSettings, DATABASE, Database } from '@pds/persistence';
import { SecretBox, openSecretBox } from '@pds/secrets';
import { DISPATCHER_OPTIONS, WebhookDispatcherOptions } from '../common/dispatcher.options';

/** The SecretBox of the process: WEBHOOK_SECRET_KEY (standalone passes the key it keeps in DATA_DIR), else a key kept in webhooks.settings. */
export const secretBoxProvider: Provider = {
  provide: SecretBox,
  inject: [DISPATCHER_OPTIONS, DATABASE, LOGGER],
  useFactory: (options: WebhookDispatcherOptions, db: Database, logger: Logger): Promise<SecretBox> =>
    openSecretBox(new ContextSettings(db, 'webhooks'), logger, { key: options.secretKey, keyName: 'WEBHOOK_SECRET_KEY' }),
};
