// The signed-in organization's date and money format, set before any page renders (lib/locale.ts
// keeps it): its legal profile's country decides it (31.12.2026 and 1.140,00 € in Germany,
// 12/31/2026 and $1,140.00 in the US). One read of GET /v1/organization per organization (the
// layout is remounted on a switch); the legal profile page sets it again when a new country is
// saved. If the read fails, dates stay ISO 8601 and money en-US.
import type { ReactNode } from 'react';
import { docex } from '../api/client';
import { useAsync } from '../lib/hooks';
import { setOrganizationCountry } from '../lib/locale';

export function OrganizationLocale({ children }: { children: ReactNode }) {
  const org = useAsync(() => docex.GET('/v1/organization'), []);
  if (org.data === undefined && org.error === undefined) {
    return <p role="status">Loading…</p>;
  }
  setOrganizationCountry(org.data?.legal_profile?.address?.country_code);
  return children;
}
