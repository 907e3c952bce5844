import { expect } from '@playwright/test';
import { createAccount, customer, logIn, uniqueEmail, test, verifyAccountEmail, signInAs } from './support.ts';

test.describe('sign-in', () => {
  test('sign up sets the display name, and a protected page brings the visitor back after sign-in', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Create New Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Name is Required')).toBeVisible();
    await expect(page.getByText('Email is Required')).toBeVisible();
    await expect(page.getByText('Password is Required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Provide a Valid Email')).toBeVisible();
    await expect(page.getByText('Must be 6 characters of longer')).toBeVisible();

    const email = uniqueEmail('new-builder');
    await page.getByLabel('Name').fill('Nova Builder');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-pass-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByTestId('display-name')).toHaveText('Nova Builder');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('profile-card')).toContainText(email);
    await expect(page.getByTestId('profile-card')).toContainText('Nova Builder');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('a wrong password shows a readable red error', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('The password is not correct');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('forgot password needs an email, then sends one', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(page.getByText('Please Enter Email Address')).toBeVisible();
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(page.getByText('Email Sent')).toBeVisible();
  });

  test('Continue With Google opens the 500 x 600 test-mode picker and signs in', async ({ page }) => {
    await page.goto('/login');
    const google = page.getByRole('button', { name: 'Continue With Google' });
    await expect(google).toBeEnabled();
    const [popup] = await Promise.all([page.waitForEvent('popup'), google.click()]);
    await popup.waitForLoadState();
    await expect(popup.getByRole('heading', { name: 'Test mode — Google sign-in' })).toBeVisible();
    const size = await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }));
    expect(size.width).toBeGreaterThanOrEqual(450);
    expect(size.width).toBeLessThanOrEqual(550);
    const email = uniqueEmail('google-user');
    await popup.getByLabel('Email').fill(email);
    await popup.getByLabel('Name').fill('Gia Google');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByTestId('profile-card')).toContainText(email);
  });

  test('signed in, All Parts still starts from the answers in its page instead of asking again', async ({ page }) => {
    await signInAs(page, 'customer');
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/parts?limit=24')) reads.push(request.url());
    });
    await page.goto('/allparts');
    await expect(page.getByTestId('part-card').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    // The server rendered the first page into the HTML; the session does not make the app read it again.
    expect(reads).toHaveLength(0);
  });

  test('a customer on an admin page is signed out and sent to login', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/dashboard/users');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('the dashboard sidebar differs for customers and admins', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    for (const name of ['My Profile', 'My Orders', 'Add Review'])
      await expect(sidebar.getByRole('link', { name })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Make Admin' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Logout' }).click();

    await signInAs(page, 'admin');
    await page.goto('/dashboard');
    for (const name of ['My Profile', 'Make Admin', 'Add Products', 'Manage Orders', 'Manage Products']) {
      await expect(sidebar.getByRole('link', { name })).toBeVisible();
    }
    await expect(sidebar.getByRole('link', { name: 'My Orders' })).toHaveCount(0);
  });

  test('profile edit validates every field and saves', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/dashboard');
    // Exact: the address book beside the form has its own labels with "address" in them.
    const field = (label: string) => page.getByLabel(label, { exact: true });
    for (const label of ['Phone', 'Education', 'Address', 'LinkedIn']) await field(label).fill('');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    for (const name of ['Phone', 'Education', 'Address', 'LinkedIn']) {
      await expect(page.getByText(`${name} is Required`)).toBeVisible();
    }
    await field('Phone').fill('+1 555 0199');
    await field('Education').fill('BSc Computer Engineering');
    await field('Address').fill('42 Builder Lane');
    await field('LinkedIn').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Enter a web address starting with http:// or https://')).toBeVisible();
    await expect(field('LinkedIn')).toHaveAttribute('aria-invalid', 'true');
    await field('LinkedIn').fill('https://www.linkedin.com/in/demo-customer');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Profile Updated')).toBeVisible();
    await expect(page.getByTestId('profile-card')).toContainText('42 Builder Lane');
  });

  test('sign out everywhere signs out this browser and another one', async ({ page, browser, request }) => {
    const email = uniqueEmail('everywhere');
    await createAccount(request, email, 'everywhere-pass-1', 'Eve Everywhere');
    const laptop = await browser.newContext();
    try {
      const laptopPage = await laptop.newPage();
      await logIn(laptopPage, email, 'everywhere-pass-1');
      await logIn(page, email, 'everywhere-pass-1');

      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      const dialog = page.getByRole('dialog', { name: 'Are You Sure' });
      await dialog.getByRole('button', { name: 'Yes' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('status').filter({ hasText: 'You are signed out on every device' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

      // The other browser still holds its token; the API refuses it and it signs out too.
      await laptopPage.goto('/dashboard');
      await expect(laptopPage).toHaveURL(/\/login$/);
      await expect(laptopPage.getByRole('link', { name: 'Login' })).toBeVisible();
      expect(await laptopPage.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

      await logIn(page, email, 'everywhere-pass-1');
    } finally {
      await laptop.close();
    }
  });

  test('an admin makes a customer an admin', async ({ page, request }) => {
    const email = uniqueEmail('promoted');
    await createAccount(request, email, 'promote-me-1', 'Pat Promoted');
    // Only an account that proved its address may be promoted (docs/security.md).
    await verifyAccountEmail(request, email, 'promote-me-1');
    // The account must have signed in once to be a shop user.
    await logIn(page, email, 'promote-me-1');
    await page.getByRole('button', { name: 'Logout' }).click();

    await signInAs(page, 'admin');
    await page.goto('/dashboard/users');
    await page.getByLabel('Search by email or name').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'All Users' });
    const row = table.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: `Make Admin ${email}` }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(email);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Successfully Made an Admin')).toBeVisible();
    await expect(row.getByRole('button', { name: `Make Admin ${email}` })).toHaveCount(0);
    await expect(row).toContainText('Admin');
  });
});
