import { messages } from './ui-messages.ts';
import { formatCents } from './money.ts';

/** The API's refusals. Clients and tests match on these texts, so each is written once here. */
export const apiMessages = {
  assistantNoProof:
    'Prove who you are: send your API key as Authorization: Bearer <key>, or sign the request (RFC 9421) with a key in your profile’s signing_keys',
  signIn: 'Sign in to continue',
  signInUnverified: 'Your sign-in could not be verified. Please sign in again.',
  signInEmailMismatch: 'The email does not match the account you signed in with',
  accountEmailChanged: "Your account's email address has changed. Please sign in again with the new one.",
  ownProfileOnly: 'You can only edit your own profile',
  profileEmailMismatch: 'The email in the form does not match the profile being edited',
  userNotFound: 'User not found',
  ownAdminRole: 'You cannot remove your own admin role; ask another admin',
  lastAdmin: 'The shop needs at least one admin',
  partNotFound: 'Part not found',
  buildNotFound: 'Build not found',
  alertNotFound: 'Alert not found',
  orderNotFound: 'Order not found',
  reviewNotFound: 'Review not found',
  sitemapNotFound: 'No such sitemap',
  notFound: 'Not found',
  invalidCursor: 'Invalid cursor',
  cursorOtherSort: 'This cursor belongs to another sort; start again from the first page',
  totalPriceFormat: 'Total Price must be an amount like 259.98',
  idempotencyKeyFormat: 'Idempotency-Key must be 1 to 255 letters, digits or the characters - _ . :',
  idempotencyKeyReused:
    'This purchase was already placed with other details; check My Orders, and start a new purchase to order again',
  ownOrdersOnly: 'You can only see your own orders',
  cancelUnpaidOnly: 'Only unpaid orders can be cancelled',
  cancelPaid: 'This order has already been paid, so it cannot be cancelled',
  cancelPaymentInProgress: 'A payment for this order is in progress, so it cannot be cancelled now',
  cancelPaymentTaken: 'A payment was taken for this order; contact the shop to cancel it',
  orderAlreadyPaid: 'This order is already paid',
  orderAlreadyCancelled: 'This order has already been cancelled',
  cancelShipped: 'This order has shipped; refund it or take a return instead',
  refundUnpaid: 'Only paid orders can be refunded',
  restockTooMany: 'That is more units than the order has left to put back',
  returnOwnOrderOnly: 'Only the customer who placed this order can return it',
  returnNotShipped: 'Only shipped orders can be returned',
  returnTooLate: 'Returns are accepted within 30 days of shipping',
  returnTooMany: 'That is more units than this order has left to return',
  returnRefunded: 'This order has been refunded in full, so there is nothing left to return',
  returnNotFound: 'Return not found',
  returnDecided: 'This return has already been decided',
  returnActsOnReceipt: 'Restock and refund apply when the parts are received',
  lineNotFound: 'No such line on this order',
  restockNeedsLine: 'Name the line (lineId) whose units go back on the shelf',
  shipNothingLeft: 'Nothing is left to ship on this order: it is refunded in full or every unit is back on the shelf',
  paymentProcessing: 'A payment for this order is being processed',
  paymentTotalChanged: 'The total does not match this order; reload the page',
  paymentRefundedLate: 'This order was already paid or cancelled, so this payment has been refunded',
  paymentNotFound: 'No such payment',
  paymentOtherOrder: 'That payment is not for this order',
  paymentIncomplete: 'That payment has not been completed',
  paymentTotalMismatch: 'That payment does not match the order total',
  paymentProviderUnreachable: 'The payment provider could not be reached. Please try again.',
  webhooksNotConfigured: 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)',
  webhookJson: 'Send the event as application/json',
  webhookSignature: 'Invalid Stripe signature',
  mcpPostOnly: 'This MCP server is stateless: send JSON-RPC requests with POST',
  serverError: 'Something went wrong on our side. Please try again.',
  busy: 'The shop is busy right now. Please try again in a moment.',
  databaseUnavailable: 'The shop is briefly unavailable. Please try again in a moment.',
  photoHostNotAllowed: 'Use a photo from this shop or from a site it allows',
  reviewNeedsVerifiedEmail: 'Verify your email address before posting a review',
  partReviewBuyersOnly: 'Only customers who bought and paid for this part can rate it',
  partReviewTwice: 'You have already rated this part',
  signInUnavailable: 'Sign-in is unavailable right now. Please try again in a moment.',
  messageNotFound: 'Message not found',
  messageAlreadyReplied: 'This message has already been answered; write again from your own mailbox',
  importNotCsv: 'Send the file as text/csv',
  uploadNotMultipart: 'Send the photo as multipart/form-data with one field named file',
  uploadNoFile: 'Choose a photo to upload',
  uploadFieldName: 'Send the photo in one field named file, and nothing else',
  uploadUnsupported: 'Upload a PNG, JPEG or WebP photo',
  uploadTooLarge: 'The photo is larger than 5 MB; make it smaller and upload it again',
  uploadTooManyPixels:
    'The photo is larger than 12.5 megapixels (for example 4000 x 3000 pixels); scale it down and upload it again',
  makeAdminUnverified:
    'This account has not verified its email address, so it cannot be made an admin. Ask them to verify it and sign in again.',
  completedBuildNotFound: 'Completed build not found',
  completedBuildNotFromBuild: 'Only an order placed from a build can be posted as a completed build',
  completedBuildNotShipped:
    'Only a build order that has shipped, and was not cancelled or refunded in full, can be posted',
  completedBuildAlreadyPosted: 'This order is already posted as a completed build',
  completedBuildNeedsVerifiedEmail: 'Verify your email address before posting a completed build',
} as const;

export function refundTooMuchMessage(leftCents: number): string {
  return `At most ${formatCents(leftCents)} is left to refund on this order`;
}

// The caps' refusals name the limit and never what the account holds: an AI assistant may
// order for any email address, and must learn nothing of that account (docs/security.md).
export function unpaidUnitsMessage(partName: string, allowed: number): string {
  return `At most ${allowed} units of ${partName} may wait unpaid in one account's orders. Pay for the unpaid ones first, or order fewer.`;
}

export function unpaidValueMessage(maxCents: number): string {
  return `One account's unpaid orders may be worth at most ${formatCents(maxCents)} together. Pay for the unpaid ones first, or order less.`;
}

export function belowMinOrderMessage(lines: readonly { name: string; minOrder: number }[]): string {
  const named = lines.map((l) => `${l.name} (minimum order ${l.minOrder})`).join(', ');
  return `${messages.quantityOutOfRange}: ${named}`;
}
