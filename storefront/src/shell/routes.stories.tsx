import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { demoCategories, demoProducts } from '../adapters/fake/demo-catalog';
import { FakeClock } from '../adapters/fake/fake-clock';
import { signedInSession } from '../adapters/fake/fake-world';
import { CORE } from '../di/modules/core-module';
import type { ServiceContainer } from '../di/react';
import type { AdapterSet } from '../di/tokens';
import { messages } from '../texts/messages';
import { accountMessages } from '../texts/account-messages';
import { AppRoutes, preloadPage } from './routes';
import { cartWith, demoCart, signIn } from '../../../.storybook/fixtures/shop';

/**
 * Every route of SPEC section 2 as the browser shows it: the shop's real route table (layout,
 * sidebar, footer, the lazily loaded page) at that URL. The per-screen stories hold the states.
 */

const product = demoProducts.find((candidate) => candidate.images.length > 1 && candidate.prodPrice !== undefined)!;
const category = demoCategories.find((candidate) => candidate.parentCategoryId === null)!;

/** A signed-in session 100 s from expiry: the session popup is up over the page. */
function sessionExpiringIn100s(services: ServiceContainer, adapters: AdapterSet): void {
  signedInSession(adapters, { expiresInMs: 100_000 });
  services.get(CORE.session).start();
  (adapters.clock as FakeClock).advance(0);
}

const meta = {
  title: 'Routes',
  parameters: { ownRouter: true, route: '/' },
  // The page's chunk is loaded before the first frame, so that frame is the page.
  loaders: [({ parameters }) => preloadPage(new URL((parameters.route as string | undefined) ?? '/', 'http://shop').pathname)],
  render: (_args, { parameters }) => (
    <MemoryRouter initialEntries={[(parameters.route as string | undefined) ?? '/']}>
      <AppRoutes />
    </MemoryRouter>
  ),
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page rendered (not the error page) and shows `heading`. */
function showsHeading(name: string | RegExp, level?: number): NonNullable<Story['play']> {
  return async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name, ...(level ? { level } : {}) })).toBeInTheDocument();
    await expect(canvas.queryByRole('heading', { name: messages.errors.unexpected })).toBeNull();
  };
}

export const Home: Story = { name: '/ (home)', play: showsHeading(messages.layout.shopName, 1) };
export const HomePhone: Story = {
  name: '/ (home) on a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: showsHeading(messages.layout.shopName, 1),
};
export const HomeDesktop: Story = {
  name: '/ (home) on a desktop',
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: showsHeading(messages.layout.shopName, 1),
};

export const AuthPopup: Story = {
  name: '/authpopup',
  parameters: { route: '/authpopup' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('tab', { name: accountMessages.auth.login, selected: true })).toBeVisible();
  },
};
export const AuthPopupSignUp: Story = {
  name: '/authpopup?tab=signup',
  parameters: { route: '/authpopup?tab=signup' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('tab', { name: accountMessages.auth.signUp, selected: true })).toBeVisible();
  },
};

export const ResetPassword: Story = {
  name: '/reset-password/{token}',
  parameters: { route: '/reset-password/demo-link' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText('New Password')).toBeVisible();
  },
};

/** The colour a design token resolves to in this browser (e.g. 'rgb(30, 123, 52)'). */
function tokenColour(token: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${token})`;
  document.body.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}

/** Password rule marks turn from red to green as the shopper types (text and colour, never colour alone). */
export const ResetPasswordRulesTurnGreen: Story = {
  name: '/reset-password/{token} rule marks turning green',
  parameters: { route: '/reset-password/demo-link' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const green = tokenColour('--color-success');
    const red = tokenColour('--color-danger');
    await expect(green, 'the shop stylesheet defines both tokens').not.toBe(red);
    const rules = await canvas.findByRole('list', { name: accountMessages.profile.passwordRulesTitle });
    const marks = () => within(rules).getAllByRole('listitem');
    for (const mark of marks()) await expect(getComputedStyle(mark).color).toBe(red);
    await userEvent.type(canvas.getByLabelText('New Password'), 'abcdefgh');
    const [length] = marks();
    await expect(length).toHaveTextContent(`(${accountMessages.profile.ruleMet})`);
    await expect(getComputedStyle(length!).color).toBe(green);
    await userEvent.type(canvas.getByLabelText('New Password'), 'A1!');
    await userEvent.type(canvas.getByLabelText('Confirm Password'), 'abcdefghA1!');
    for (const mark of marks()) {
      await expect(mark).toHaveTextContent(`(${accountMessages.profile.ruleMet})`);
      await expect(getComputedStyle(mark).color).toBe(green);
    }
  },
};

export const VerifyEmail: Story = {
  name: '/verify-email/{token} signed in',
  parameters: { route: '/verify-email/demo-link', setup: signIn },
  play: showsHeading(accountMessages.verification.title),
};

export const VerifyEmailAnonymous: Story = {
  name: '/verify-email-anonymous/{token}',
  parameters: { route: '/verify-email-anonymous/demo-link' },
  play: showsHeading(accountMessages.verification.title),
};

export const Profile: Story = {
  name: '/profile signed in',
  parameters: { route: '/profile', setup: signIn },
  play: showsHeading(accountMessages.profile.title, 1),
};
export const ProfilePhone: Story = {
  name: '/profile signed in on a phone',
  parameters: { route: '/profile', setup: signIn },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: showsHeading(accountMessages.profile.title, 1),
};
export const ProfileLoggedOut: Story = {
  name: '/profile logged out (nothing rendered)',
  parameters: { route: '/profile' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('main')).toBeInTheDocument();
    await expect(canvas.queryByRole('heading', { name: accountMessages.profile.title })).toBeNull();
  },
};
export const ProfileSessionExpiring: Story = {
  name: '/profile with the session popup',
  parameters: { route: '/profile', clock: () => new FakeClock(Date.UTC(2026, 10, 22, 12)), setup: sessionExpiringIn100s },
  play: async () => {
    // The native modal dialog sits in the document's top layer, outside the canvas.
    const page = within(document.body);
    await expect(await page.findByRole('dialog', { name: messages.session.expiringTitle })).toBeVisible();
  },
};

export const Orders: Story = {
  name: '/orders',
  parameters: { route: '/orders', setup: signIn },
  play: showsHeading(messages.layout.orders, 1),
};

export const About: Story = { name: '/about', parameters: { route: '/about' }, play: showsHeading(messages.about.title, 1) };
export const Privacy: Story = {
  name: '/privacy',
  parameters: { route: '/privacy' },
  play: showsHeading(messages.legal.privacyTitle, 1),
};
export const Terms: Story = { name: '/terms', parameters: { route: '/terms' }, play: showsHeading(messages.legal.termsTitle, 1) };

export const Cart: Story = {
  name: '/cart with items',
  parameters: { route: '/cart', adapters: cartWith(demoCart()) },
  play: showsHeading(messages.layout.cart, 1),
};
export const CartPhone: Story = {
  name: '/cart with items on a phone',
  parameters: { route: '/cart', adapters: cartWith(demoCart()) },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: showsHeading(messages.layout.cart, 1),
};

export const CheckOut: Story = {
  name: '/check-out signed in',
  parameters: { route: '/check-out', setup: signIn, adapters: cartWith(demoCart()) },
  play: showsHeading(accountMessages.checkout.title, 1),
};
export const CheckOutPhone: Story = {
  name: '/check-out signed in on a phone',
  parameters: { route: '/check-out', setup: signIn, adapters: cartWith(demoCart()) },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: showsHeading(accountMessages.checkout.title, 1),
};

export const ProductListAll: Story = {
  name: '/productlist/',
  parameters: { route: '/productlist/' },
  play: showsHeading(messages.catalog.allProductsTitle, 1),
};
export const ProductListCategory: Story = {
  name: '/productlist/{catId}',
  parameters: { route: `/productlist/${category.categoryId}` },
  play: showsHeading(category.categoryName, 1),
};
export const ProductListPhone: Story = {
  name: '/productlist/{catId} on a phone',
  parameters: { route: `/productlist/${category.categoryId}` },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: showsHeading(category.categoryName, 1),
};

export const Search: Story = {
  name: '/search?q=…',
  parameters: { route: '/search?q=kulaklik&sort=price-asc' },
  play: showsHeading(messages.search.resultsTitle('kulaklik'), 1),
};
/** Desktop: the search field above the page leads to the results. */
export const SearchFromHeader: Story = {
  name: '/ search from the header on a desktop',
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getAllByRole('searchbox', { name: messages.search.label }).find((candidate) => candidate.checkVisibility());
    await userEvent.type(field!, 'bakir cezve{Enter}');
    await expect(await canvas.findByRole('heading', { level: 1, name: messages.search.resultsTitle('bakir cezve') })).toBeVisible();
    await expect(await canvas.findByRole('link', { name: /Bakır Cezve/ })).toBeVisible();
  },
};
/** Phone: the search field is in the sidebar drawer; searching closes the drawer on the results. */
export const SearchFromSidebarPhone: Story = {
  name: '/ search from the sidebar on a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: messages.layout.toggleSidebar }));
    // The drawer slides in (0.2 s): it is in the accessibility tree once visible.
    const sidebar = await canvas.findByRole('complementary', { name: messages.layout.sidebarLabel });
    await userEvent.type(within(sidebar).getByRole('searchbox', { name: messages.search.label }), 'celik{Enter}');
    await expect(await canvas.findByRole('heading', { level: 1, name: messages.search.resultsTitle('celik') })).toBeVisible();
    await expect(canvas.getByRole('button', { name: messages.layout.toggleSidebar })).toHaveAttribute('aria-expanded', 'false');
    // The drawer has slid out (axe then checks the page, not a drawer half way).
    await waitFor(() => expect(sidebar).not.toBeVisible());
  },
};

export const Product: Story = {
  name: '/product/{id}',
  parameters: { route: `/product/${product._id}` },
  play: showsHeading(product.prodName, 1),
};
export const ProductPhone: Story = {
  name: '/product/{id} on a phone',
  parameters: { route: `/product/${product._id}` },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: showsHeading(product.prodName, 1),
};

export const NotFound: Story = {
  name: 'Unknown address',
  parameters: { route: '/no-such-page' },
  play: showsHeading(messages.errors.notFound, 1),
};
