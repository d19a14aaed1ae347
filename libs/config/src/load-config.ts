import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { formatValidationErrors } from '@pds/contracts';

type Constructor<T> = new () => T;

const secretSettings = new Set<string>();

/** A setting whose value is never printed, not even in the line saying it is wrong. */
export function SecretSetting(): PropertyDecorator {
  return (_target, key) => {
    secretSettings.add(String(key));
  };
}

/** One line per wrong variable: its name, what it was set to, and what it may be. */
export class ConfigError extends Error {
  constructor(
    readonly problems: Record<string, string[]>,
    given: Record<string, unknown> = {},
  ) {
    super(
      Object.entries(problems)
        .map(([name, messages]) => {
          const rules = [...new Set(messages.map((m) => m.replace(new RegExp(`^${name} `), '')))].join('; ');
          return `Invalid setting ${name}=${JSON.stringify(given[name] ?? '')}: ${rules}`;
        })
        .join('\n'),
    );
    this.name = 'ConfigError';
  }
}

/**
 * Reads the environment into a typed, validated config object and fails at boot when a value is
 * wrong. Defaults live on the class fields. Empty strings count as unset, as in most deploy tools.
 */
export function loadConfig<T extends object>(
  cls: Constructor<T>,
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<T> = {},
): T {
  const defaults = { ...(new cls() as Record<string, unknown>), ...(overrides as Record<string, unknown>) };
  const raw: Record<string, unknown> = {};
  for (const name of Object.keys(defaults)) {
    const value = env[name];
    raw[name] = value === undefined || value === '' ? defaults[name] : value;
  }
  const config = plainToInstance(cls, raw, { enableImplicitConversion: true }) as T;
  const errors = validateSync(config, { skipMissingProperties: false });
  if (errors.length > 0) {
    const given = Object.keys(raw).map((name) => [name, secretSettings.has(name) && env[name] ? '(hidden)' : env[name]]);
    throw new ConfigError(formatValidationErrors(errors), Object.fromEntries(given));
  }
  return config;
}


/** A reason not to start that one line explains (port taken, data directory in use): no stack trace. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
