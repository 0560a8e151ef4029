export function isFresh(): boolean;
export function buildApp(options?: {
  force?: boolean;
  check?: boolean;
  quiet?: boolean;
}): Promise<{ built: boolean; missing?: boolean }>;
