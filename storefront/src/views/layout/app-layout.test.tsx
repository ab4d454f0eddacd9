import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoProducts, toProduct } from '../../adapters/fake/demo-catalog';
import { MemoryCartStorage } from '../../adapters/fake/memory-storage';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import { signedInSession } from '../../adapters/fake/fake-world';
import type { AdapterSet } from '../../di/tokens';
import { renderScreen } from '../../../../tests/support/render-screen';
import { AppLayout } from './app-layout';

const product = toProduct(demoProducts[0]!);
const signIn = (services: ServiceContainer, adapters: AdapterSet) => {
  signedInSession(adapters);
  services.get(CORE.session).start();
};

function mainMenu(): HTMLElement {
  return screen.getByRole('navigation', { name: 'Main menu' });
}

describe('AppLayout', () => {
  it('has a sidebar toggle with a name that shows and hides the sidebar', async () => {
    const { user } = await renderScreen(<AppLayout />);
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const sidebar = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(sidebar).toHaveAttribute('data-open', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar).toHaveAttribute('data-open', 'true');
  });

  it('links five social networks safely, each with a name, and the logo home', async () => {
    await renderScreen(<AppLayout />);
    const social = within(screen.getByRole('list', { name: 'Social media' })).getAllByRole('link');
    expect(social).toHaveLength(5);
    for (const link of social) {
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAccessibleName(/\S/);
    }
    expect(screen.getAllByRole('link', { name: 'Storefront home' })[0]).toHaveAttribute('href', '/');
  });

  it('opens the Profile dropdown by click and closes it with Escape; a guest sees Login and Sign Up', async () => {
    const { user } = await renderScreen(<AppLayout />);
    const profile = within(mainMenu()).getByRole('button', { name: 'Profile' });
    expect(profile).toHaveAttribute('aria-expanded', 'false');
    await user.click(profile);
    expect(profile).toHaveAttribute('aria-expanded', 'true');
    expect(within(mainMenu()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/authpopup');
    expect(within(mainMenu()).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/authpopup?tab=signup');
    await user.keyboard('{Escape}');
    expect(profile).toHaveAttribute('aria-expanded', 'false');
    expect(profile).toHaveFocus();
    expect(within(mainMenu()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('opens a dropdown on mouse hover and by keyboard', async () => {
    const { user } = await renderScreen(<AppLayout />);
    const cart = within(mainMenu()).getByRole('button', { name: 'Cart' });
    await user.hover(cart);
    expect(cart).toHaveAttribute('aria-expanded', 'true');
    await user.unhover(cart);
    expect(cart).toHaveAttribute('aria-expanded', 'false');
    cart.focus();
    await user.keyboard('{Enter}');
    expect(cart).toHaveAttribute('aria-expanded', 'true');
  });

  it('offers Edit Profile, Orders and Logout to a signed-in user; Logout goes home', async () => {
    const { user, services } = await renderScreen(<AppLayout />, { route: '/about', setup: signIn });
    await user.click(within(mainMenu()).getByRole('button', { name: 'Profile' }));
    expect(within(mainMenu()).getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/profile');
    expect(within(mainMenu()).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    await user.click(within(mainMenu()).getByRole('button', { name: 'Logout' }));
    expect(services.get(CORE.session).isLoggedIn).toBe(false);
    // The server is told first (SPEC 4), then the shop goes home.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('shows the cart badge only above 0, with the total quantity', async () => {
    const { services } = await renderScreen(<AppLayout />);
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    act(() => services.get(CORE.cart).add(product, 3));
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
    expect(within(mainMenu()).getByRole('button', { name: 'Cart 3' })).toBeInTheDocument();
  });

  it("alerts 'Cart is now empty.' and then 'Cart is already empty.' from Empty Cart", async () => {
    const { user, services } = await renderScreen(<AppLayout />, {
      adapters: { cartStorage: new MemoryCartStorage([{ ...product, quantity: 2 }]) },
    });
    const cart = within(mainMenu()).getByRole('button', { name: 'Cart 2' });
    await user.click(cart);
    await user.click(within(mainMenu()).getByRole('button', { name: 'Empty Cart' }));
    expect(services.get(CORE.cart).isEmpty).toBe(true);
    expect(await screen.findByRole('alert')).toHaveTextContent('Cart is now empty.');
    await user.click(within(mainMenu()).getByRole('button', { name: 'Cart' }));
    await user.click(within(mainMenu()).getByRole('button', { name: 'Empty Cart' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('Cart is now empty.'),
      expect.stringContaining('Cart is already empty.'),
    ]);
  });

  it('Check Out goes to /check-out when signed in and to /cart for a guest', async () => {
    const guest = await renderScreen(<AppLayout />);
    await guest.user.click(within(mainMenu()).getByRole('button', { name: 'Cart' }));
    expect(within(mainMenu()).getByRole('link', { name: 'Check Out' })).toHaveAttribute('href', '/cart');
    guest.unmount();
    const member = await renderScreen(<AppLayout />, { setup: signIn });
    await member.user.click(within(mainMenu()).getByRole('button', { name: 'Cart' }));
    expect(within(mainMenu()).getByRole('link', { name: 'Check Out' })).toHaveAttribute('href', '/check-out');
  });

  it('hides alerts after 2000 ms', async () => {
    const { services, clock } = await renderScreen(<AppLayout />);
    act(() => void services.get(CORE.alerts).show('Product added to cart!'));
    expect(screen.getByRole('alert')).toHaveTextContent('Product added to cart!');
    act(() => clock.advance(2000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks in a modal confirm dialog and answers the store', async () => {
    const { user, services } = await renderScreen(<AppLayout />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = services.get(CORE.alerts).confirm('Are you sure you want to delete this address?');
    });
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this address?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has a labelled search field in the header and in the sidebar that opens /search?q=…', async () => {
    const { user } = await renderScreen(<AppLayout />);
    const forms = screen.getAllByRole('search');
    // One above the page (large screens), one in the sidebar drawer (phones); CSS shows one.
    expect(forms).toHaveLength(2);
    const inSidebar = within(screen.getByRole('complementary', { name: 'Shop menu' })).getByRole('search');
    const inHeader = forms.find((form) => form !== inSidebar)!;
    expect(inHeader.closest('header')).not.toBeNull();
    const field = within(inHeader).getByRole('searchbox', { name: 'Search products' });
    expect(field).toHaveAttribute('maxLength', '100');
    await user.type(field, '  çelik tava {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=%C3%A7elik+tava');
  });

  it('goes nowhere for an empty or blank search', async () => {
    const { user } = await renderScreen(<AppLayout />, { route: '/cart' });
    const form = screen.getAllByRole('search')[1]!;
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await user.type(within(form).getByRole('searchbox'), '   {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/cart$/);
  });

  it('shows the searched text in the field on /search', async () => {
    await renderScreen(<AppLayout />, { route: '/search?q=kulakl%C4%B1k&page=2' });
    for (const form of screen.getAllByRole('search')) expect(within(form).getByRole('searchbox')).toHaveValue('kulaklık');
  });
});
