import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../tests/support/render-screen';
import { FAKE_SELLER } from '../../adapters/fake/fake-contract';
import { failingCatalogGateway, FakeCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { CATALOG } from '../../di/modules/catalog-module';
import { Footer } from '../layout/footer';
import { PrivacyPage, TermsPage } from './legal-pages';

describe('the legal pages (D24)', () => {
  it('/privacy shows the privacy notice in Turkish with its version', async () => {
    await renderScreen(<PrivacyPage />, { route: '/privacy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeInTheDocument();
    const notice = (
      await screen.findByRole('heading', { level: 2, name: 'Kişisel Verilerin Korunması Hakkında Aydınlatma Metni' })
    ).closest('article')!;
    expect(notice).toHaveAttribute('lang', 'tr');
    expect(within(notice).getByText('Version kvkk-2026-11-27')).toBeInTheDocument();
    expect(notice.textContent).toContain(`veri sorumlusu ${FAKE_SELLER.name}`);
    expect(notice.textContent).toContain('"Delete my account"');
  });

  it('/terms shows both contract templates unfolded, the buyer left blank', async () => {
    await renderScreen(<TermsPage />, { route: '/terms' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Sale' })).toBeInTheDocument();
    expect(await screen.findByText('Version mss-2026-11-27')).toBeInTheDocument();
    for (const title of ['Ön Bilgilendirme Formu', 'Mesafeli Satış Sözleşmesi']) {
      expect(screen.getByText(title).closest('details')).toHaveAttribute('open');
    }
    expect(screen.getByText('Ad soyad: ……')).toBeVisible();
  });

  it('says it is loading, and shows the error text when the texts cannot be had', async () => {
    const pending = await renderScreen(<PrivacyPage />, { adapters: { catalog: pendingCatalogGateway() } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    pending.unmount();
    await renderScreen(<TermsPage />, { adapters: { catalog: failingCatalogGateway('Service unavailable') } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching the legal texts: Service unavailable');
  });
});

describe('the footer (D24)', () => {
  it('names the seller of the settings and links the privacy notice and the terms', async () => {
    await renderScreen(<Footer />, {
      setup: (container) =>
        container
          .get(CATALOG.legal)
          .seller.load()
          .then(() => undefined),
    });
    const seller = screen.getByRole('region', { name: 'Seller' });
    for (const text of [FAKE_SELLER.name, FAKE_SELLER.address, `Tax ID: ${FAKE_SELLER.taxId}`, `MERSİS: ${FAKE_SELLER.mersis}`]) {
      expect(within(seller).getByText(text)).toBeInTheDocument();
    }
    expect(within(seller).getByRole('link', { name: FAKE_SELLER.email })).toHaveAttribute('href', `mailto:${FAKE_SELLER.email}`);
    expect(within(seller).getByRole('link', { name: FAKE_SELLER.phone })).toHaveAttribute('href', 'tel:+902160000000');
    expect(screen.getByRole('link', { name: 'Privacy Notice' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms of Sale' })).toHaveAttribute('href', '/terms');
  });

  it('leaves the seller out when it could not be had, the rest of the footer stays', async () => {
    await renderScreen(<Footer />, {
      adapters: { catalog: new FakeCatalogGateway({ failWith: { status: 500 } }) },
      setup: (container) =>
        container
          .get(CATALOG.legal)
          .seller.load()
          .then(() => undefined),
    });
    expect(screen.queryByRole('region', { name: 'Seller' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Privacy Notice' })).toBeInTheDocument();
  });
});
