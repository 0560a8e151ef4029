// Legal profiles the e-invoice tests give their parties: a German seller and a French buyer.
export const SELLER = {
  legal_name: 'Seller GmbH',
  address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country_code: 'DE' },
  vat_id: 'DE123456789',
  legal_registration_id: { value: 'HRB 123456 B' },
  contact: { name: 'Jo Sales', phone: '+49 30 123456', email: 'billing@seller.example' },
  payment_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', account_name: 'Seller GmbH' },
};
export const BUYER = {
  legal_name: 'Acheteur SARL',
  address: { line1: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country_code: 'FR' },
  vat_id: 'FR40303265045',
};
