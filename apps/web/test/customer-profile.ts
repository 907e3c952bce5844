import type { User } from '@parts-shop/shared/user';

/** The web tests' signed-in customer, Casey, and her profile filled in (phone, address and the rest). */
export const customerProfile: User = {
  email: 'customer@example.com',
  userName: 'Casey',
  phone: '+1 555 0100',
  education: 'BSc',
  address: '1 Old Street',
  linkedIn: 'https://www.linkedin.com/in/casey',
  role: 'customer',
};
