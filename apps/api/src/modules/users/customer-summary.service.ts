import { CUSTOMER_LIST_MAX, type CustomerSummary } from '@parts-shop/shared/customer';
import { centsToPriceString } from '@parts-shop/shared/money';
import { formatOrderNumber } from '@parts-shop/shared/order';
import { apiMessages } from '@parts-shop/shared/api-messages';
import type { Db } from '#api/db/client.ts';
import { toInboxMessage } from '#api/domain/messages/inbox-message.ts';
import { answerOrders } from '#api/domain/orders/order-view.ts';
import { toRefund, toReturn } from '#api/domain/payments/refund-view.ts';
import { notFound } from '#api/lib/http-error.ts';
import { messagesFrom, moneyOf, ordersOf, refundsOf, returnsOf } from './customer-summary.repo.ts';
import { findUser, orderTotalsOf } from './users.repo.ts';
import { toUser } from './users.service.ts';

/** The customer page (admin). */
export async function customerSummary(db: Db, email: string): Promise<CustomerSummary> {
  const user = await findUser(db, email);
  if (!user) throw notFound(apiMessages.userNotFound);
  const [totals, money, orderRows, refunds, returns, messages] = await Promise.all([
    orderTotalsOf(db, [email]),
    moneyOf(db, email),
    ordersOf(db, email, CUSTOMER_LIST_MAX),
    refundsOf(db, email, CUSTOMER_LIST_MAX),
    returnsOf(db, email, CUSTOMER_LIST_MAX),
    messagesFrom(db, email, CUSTOMER_LIST_MAX),
  ]);
  const { orders = 0, spentCents = 0 } = totals.get(email) ?? {};
  return {
    customer: {
      ...toUser(user),
      signedUpAt: user.createdAt.toISOString(),
      orders,
      spent: centsToPriceString(spentCents),
    },
    paid: centsToPriceString(money.paidCents),
    refunded: centsToPriceString(money.refundedCents),
    spent: centsToPriceString(money.paidCents - money.refundedCents),
    orders: await answerOrders(db, orderRows),
    refunds: refunds.map((r) => ({ ...toRefund(r.refund), orderNumber: formatOrderNumber(r.orderNumber) })),
    returns: returns.map((r) => ({ ...toReturn(r.request), orderNumber: formatOrderNumber(r.orderNumber) })),
    messages: messages.map(toInboxMessage),
  };
}
