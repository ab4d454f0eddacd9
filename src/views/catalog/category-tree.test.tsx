import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoCategories } from '../../adapters/fake/demo-catalog';
import { failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { renderScreen } from '../../../tests/support/render-screen';
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

  it('shows top-level entries collapsed; a click expands, navigates with the category list, and collapses again', async () => {
    const { user } = await renderScreen(<CategoryTree />);
    const elektronik = await screen.findByRole('button', { name: 'Elektronik' });
    expect(elektronik).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Bilgisayar' })).not.toBeInTheDocument();

    await user.click(elektronik);
    expect(elektronik).toHaveAttribute('aria-expanded', 'true');
    const location = screen.getByTestId('location');
    expect(location).toHaveTextContent('/productlist/1');
    expect(JSON.parse(location.dataset.state ?? 'null')).toEqual({ categories: demoCategories });

    const bilgisayar = screen.getByRole('button', { name: 'Bilgisayar' });
    await user.click(bilgisayar);
    // Third level: Dizüstü Bilgisayar is a leaf and has no expanded state.
    const laptops = screen.getByRole('button', { name: 'Dizüstü Bilgisayar' });
    expect(laptops).not.toHaveAttribute('aria-expanded');
    await user.click(laptops);
    expect(location).toHaveTextContent('/productlist/111');

    await user.click(elektronik);
    expect(elektronik).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Bilgisayar' })).not.toBeInTheDocument();
  });
});
