import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { CATALOG } from '../../di/modules/catalog-module';
import { useStore } from '../../di/react';
import type { Seller } from '@shop/core/domain/legal';
import { messages } from '../../texts/messages';
import './footer.css';

export const Footer = observer(function Footer() {
  const { seller: sellerStore } = useStore(CATALOG.legal);
  useEffect(() => {
    // Loaded before the first render (routes.tsx prepareRoute) wherever a page was rendered on the server; else now.
    void sellerStore.load();
  }, [sellerStore]);
  const seller = sellerStore.state;
  return (
    <footer className="footer">
      <div className="footer__brand">
        <strong>{messages.layout.shopName}</strong>
        <p>{messages.layout.footerTagline}</p>
      </div>
      <nav className="footer__links" aria-label={messages.layout.footerMenu}>
        <Link to="/about">{messages.about.title}</Link>
        <Link to="/productlist/">{messages.catalog.allProductsTitle}</Link>
        <Link to="/cart">{messages.layout.cart}</Link>
        <Link to="/privacy">{messages.legal.privacyTitle}</Link>
        <Link to="/terms">{messages.legal.termsTitle}</Link>
      </nav>
      {/* Left out until it is had, and when it cannot be. */}
      {seller.status === 'loaded' ? <SellerDetails seller={seller.data} /> : null}
      <p className="footer__copy">{messages.layout.copyright}</p>
    </footer>
  );
});

/** The seller of the settings (D24), as the law asks a shop to name itself: one line, wrapping on narrow screens. */
function SellerDetails({ seller }: { seller: Seller }) {
  return (
    <section className="footer__seller" aria-label={messages.legal.sellerLabel}>
      <address>
        <span>{seller.name}</span>
        <span>{seller.address}</span>
        <span>{messages.legal.taxId(seller.taxId)}</span>
        <span>{messages.legal.mersis(seller.mersis)}</span>
        <a href={`mailto:${seller.email}`}>{seller.email}</a>
        <a href={`tel:${seller.phone.replace(/[^+\d]/g, '')}`}>{seller.phone}</a>
      </address>
    </section>
  );
}
