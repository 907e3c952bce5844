/** Every user-facing message docs/product.md names, written once for the API and the web app. */
export const messages = {
  emailRequired: 'Email is Required',
  emailInvalid: 'Provide a Valid Email',
  passwordRequired: 'Password is Required',
  passwordShort: 'Must be 6 characters of longer',
  nameRequired: 'Name is Required',
  nameOneLine: 'Name must be one line, without line breaks or control characters',
  phoneRequired: 'Phone Number is Required',
  phoneShort: 'Phone Number must be at least 6 characters',
  addressRequired: 'Address is Required',
  quantityOutOfRange: 'Please Order within the Range',
  reviewRequired: 'Review is Required',
  photoRequired: 'Photo URL is Required',
  ratingRange: 'Rating must be a whole number from 0 to 5',
  reviewNameIsShop: "A review cannot be posted under the shop's name",
  forgotPasswordEmail: 'Please Enter Email Address',
  notAvailable: 'Not Available',
  noUserLoggedIn: 'No user is logged in',
  makeAdminFailed: 'Failed to Make an Admin',
  makeAdminDone: 'Successfully Made an Admin',
  addPartsFailed: 'Failed to Add Parts',
  notEnoughStock: 'Not enough stock',
  urlInvalid: 'Enter a web address starting with http:// or https://',
  orderDateFormat: 'Enter a date as YYYY-MM-DD',
  orderDatesReversed: 'The "to" date must be on or after the "from" date',
  noteRequired: 'Note is Required',
  buildStoryRequired: 'Story is Required',
  buildPhotosRequired: 'Add at least one photo of the build',
  // Success toasts.
  emailSent: 'Email Sent',
  addedToCart: 'Added to cart',
  orderCancelled: 'Order Cancelled',
  reviewAdded: 'Review Added',
  profileUpdated: 'Profile Updated',
  partsAdded: 'Parts Added',
  productUpdated: 'Product Updated',
  stockUpdated: 'Stock Updated',
  itemShipped: 'Item Shipped',
  noteAdded: 'Note Added',
  completedBuildPosted: 'Completed Build Posted',
  completedBuildHidden: 'Completed Build Hidden',
  deleted: 'Deleted',
  messageSent: 'Message Sent',
  paymentDone: 'Congrats! Your payment is completed',
  confirmQuestion: 'Are You Sure',
  emailsWaitForVerification:
    'Verify your email address to get order emails: until then they wait, and unpaid orders are held for a shorter time.',
  verificationLinkSent: 'A new link is on its way: check your inbox and your spam folder.',
  verificationLinkInConsole:
    'A new link was made. This shop runs on its embedded defaults, so no email leaves it: the link is in the console where npm start runs, on an [auth emulator] line.',
  verificationLinkFailed: 'The link could not be sent. Try again in a minute.',
} as const;

/** '{Field} is Required', the contract's pattern for profile and product fields. */
export function requiredMessage(field: string): string {
  return `${field} is Required`;
}
