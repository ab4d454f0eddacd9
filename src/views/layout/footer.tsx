import { Link } from 'react-router-dom';
import { messages } from '../../texts/messages';
import './footer.css';

export function Footer() {
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
      </nav>
      <p className="footer__copy">{messages.layout.copyright}</p>
    </footer>
  );
}
