import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoCategories } from '../../adapters/fake/demo-catalog';
import { failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { renderScreen } from '../../../../tests/support/render-screen';
import { CategoryTree } from './category-tree';

describe('CategoryTree', () => {
  it('shows loading text', async () => {
    await renderScreen(<CategoryTree />, { adapters: { catalog: pendingCatalogGateway() } });
    expect(screen.getByText('Loading categories...')).toBeInTheDocument();
  });

  it('shows the error text with the message', async () => {
    await renderScreen(<CategoryTree />, { adapters: { catalog: failingCatalogGateway('Network error') } });
    expect(await screen.findByText('Error fetching categories: Network error')).toBeInTheDocument();
  });

  it('shows top-level entries collapsed; a click on an entry expands it and navigates with the category list, and collapses it again', async () => {
    const { user } = await renderScreen(<CategoryTree />);
    const elektronik = await screen.findByRole('link', { name: 'Elektronik' });
    // A real link (D20): it works before the shop's script runs.
    expect(elektronik).toHaveAttribute('href', '/productlist/1');
    const toggle = screen.getByRole('button', { name: 'Subcategories of Elektronik' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Bilgisayar' })).not.toBeInTheDocument();

    await user.click(elektronik);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const location = screen.getByTestId('location');
    expect(location).toHaveTextContent('/productlist/1');
    expect(JSON.parse(location.dataset.state ?? 'null')).toEqual({ categories: demoCategories });
    expect(elektronik).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('link', { name: 'Bilgisayar' }));
    // Third level: Dizüstü Bilgisayar is a leaf: a link without a toggle.
    const laptops = screen.getByRole('link', { name: 'Dizüstü Bilgisayar' });
    expect(screen.queryByRole('button', { name: 'Subcategories of Dizüstü Bilgisayar' })).not.toBeInTheDocument();
    await user.click(laptops);
    expect(location).toHaveTextContent('/productlist/111');

    await user.click(elektronik);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Bilgisayar' })).not.toBeInTheDocument();
  });

  it('the toggle beside an entry opens and closes its subcategories without leaving the page', async () => {
    const { user } = await renderScreen(<CategoryTree />);
    const toggle = await screen.findByRole('button', { name: 'Subcategories of Elektronik' });
    const location = screen.getByTestId('location');
    const before = location.textContent;
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Bilgisayar' })).toHaveAttribute('href', '/productlist/11');
    expect(location.textContent).toBe(before);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Bilgisayar' })).not.toBeInTheDocument();
  });
});
