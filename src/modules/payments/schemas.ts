// Request schemas of the payments family (CONTRACT 4). The payment's own schema is documents'
// (src/modules/documents/payment-schema.ts): a document embeds its latest payment.
import { type Static, Type } from '@sinclair/typebox';
import { ListQuery } from '../../http/schemas.ts';
import { PAYMENT_STATUSES } from '../documents/index.ts';

export {
  PAYMENT_METHODS,
  Payment,
  type PaymentView,
  SANDBOX_INSUFFICIENT_ACCOUNT,
  SEPA_CREDIT_TRANSFER,
} from '../documents/index.ts';

export const PayBody = Type.Object(
  {
    payment_method: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'ledger (the default and only method).' }),
    ),
    source_account_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description:
          "Your treasury account in the document's currency (default: your account in that currency). In the sandbox, acct_sandbox_insufficient makes the payment fail with insufficient_funds.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type PayBodyT = Static<typeof PayBody>;

export const ListPaymentsQuery = Type.Object(
  {
    document: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'Only the payments of this document.' }),
    ),
    status: Type.Optional(Type.Union(PAYMENT_STATUSES.map((s) => Type.Literal(s)))),
    ...ListQuery,
  },
  { additionalProperties: false },
);
export type ListPaymentsQueryT = Static<typeof ListPaymentsQuery>;
