// What a party of a SEPA payment file (pain.001) needs from its legal profile: a postal address
// with a town and a country (the EPC's structured address, TwnNm and Ctry). One rule for the batch
// close that refuses without it (modules/bank/batches.ts) and for the app, which names what is
// missing when the bank account is connected and when a bill is paid, long before the batch closes
// (issue 49). A leaf module: the app's bundle imports it.

/** The legal profile fields a SEPA party must have, by their path in the profile. */
export type SepaPartyField = 'address.city' | 'address.country_code';

interface ProfileLike {
  address?: { city?: string | null; country_code?: string | null } | null;
}

/** The fields of `profile` a SEPA payment file needs and does not find, in the profile's order. */
export function sepaPartyMissing(profile: ProfileLike | null | undefined): SepaPartyField[] {
  const address = profile?.address;
  const missing: SepaPartyField[] = [];
  if (!address?.city?.trim()) missing.push('address.city');
  if (!address?.country_code?.trim()) missing.push('address.country_code');
  return missing;
}
