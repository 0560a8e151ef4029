export const SCOPES = [
  'documents:read',
  'documents:write',
  'payments:read',
  'payments:write',
  'treasury:read',
  'provenance:read',
  'keys:manage',
] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}
