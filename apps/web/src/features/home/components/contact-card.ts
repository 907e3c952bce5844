export const CONTACT_CARD = 'mx-auto max-w-xl rounded-box border border-base-300 bg-base-100 p-6 shadow-sm';
