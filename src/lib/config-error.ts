/** A setting the service cannot start with; the message says which and how to fix it. */
export class ConfigError extends Error {}
