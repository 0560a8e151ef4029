// What the bank rail needs of this organization before its payments can leave (issue 49): a SEPA
// payment file names the payer with a postal address that has a town and a country, and closing
// the batch refuses without them. Said when the bank account is connected and when a bill is paid,
// with a link to each field, not only at the last step. The rule is the server's own
// (src/lib/sepa-party.ts), which the batch close refuses with.
import { sepaPartyMissing } from '../../../src/lib/sepa-party.ts';
import { docex } from '../api/client';
import { useAsync } from '../lib/hooks';
import { legalProfileFieldId, legalProfileFieldLabel } from '../pages/LegalProfile';
import { Link } from '../router';

/**
 * Beside Pay: when the payment takes the bank rail (an active bank account in the document's
 * currency chooses it, as the API does), what its payment file will lack.
 */
export function SepaReadinessForPay({ currency }: { currency: string }) {
  const accounts = useAsync(
    () => docex.GET('/v1/bank_accounts', { params: { query: { limit: 100 } } }).then((p) => p.data),
    [],
  );
  const bankRail = accounts.data?.some((a) => a.status === 'active' && a.currency === currency) ?? false;
  return bankRail ? <SepaReadiness when="pay" /> : null;
}

/** A warning naming what the payment file will lack, or nothing when the profile has it. */
export function SepaReadiness({ when }: { when: 'connect' | 'connected' | 'pay' }) {
  const org = useAsync(() => docex.GET('/v1/organization'), []);
  if (!org.data) return null;
  const missing = sepaPartyMissing(org.data.legal_profile);
  if (missing.length === 0) return null;
  const lead =
    when === 'pay'
      ? 'This payment goes out through your bank, in a SEPA payment file, which cannot be written yet:'
      : when === 'connect'
        ? 'Before your payments can go out through this account:'
        : 'Before the open batch can be closed into a payment file:';
  return (
    <div className="alert alert-warn" role="status" data-testid="sepa-readiness">
      {lead} your legal profile needs a postal address with{' '}
      {missing.map((field, i) => (
        <span key={field}>
          {i > 0 ? (i === missing.length - 1 ? ' and ' : ', ') : ''}
          <Link to={`/organization#${legalProfileFieldId(field)}`}>
            {field === 'address.city' ? 'a town' : 'a country'}
          </Link>
        </span>
      ))}{' '}
      (the {missing.map((f) => legalProfileFieldLabel(f)).join(' and ')} of your{' '}
      <Link to="/organization">legal profile</Link>), which every SEPA payment file names its payer with.
    </div>
  );
}
