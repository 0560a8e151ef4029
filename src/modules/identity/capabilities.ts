// Capabilities an organization earns by verification (spec 5.6, CONTRACT 4 and 7): treasury reads
// and finance. A key's scopes never exceed what its organization has, so an unverified
// organization is refused with capability_unavailable, never given an empty answer.
import type { Principal } from '../../http/principal.ts';
import { ApiError } from '../../lib/errors.ts';

const WHAT = {
  treasury: 'Treasury is',
  finance: 'Finance (listings, offers and loan agreements) is',
} as const;

export function requireVerified(principal: Principal, capability: keyof typeof WHAT): void {
  if (!principal.organization.verified) {
    throw new ApiError(
      'capability_unavailable',
      `${WHAT[capability]} available to verified organizations only, and this organization has not completed verification.`,
      { capability },
    );
  }
}
