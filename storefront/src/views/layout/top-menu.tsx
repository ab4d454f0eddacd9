import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { messages } from '../../texts/messages';
import { CORE } from '../../di/modules/core-module';
import { useStore } from '../../di/react';
import { EarlyCartBadge } from '../shared/early-state';
import { useShownCart } from '../shared/use-shown-cart';
import { MenuButton, MenuDropdown, MenuLink } from './menu-dropdown';
import './top-menu.css';

/**
 * Profile, Cart and Home (SPEC section 2). Check Out goes to /check-out for a signed-in user and
 * to /cart for a guest: the cart page is where a guest meets the sign-in/guest choice.
 */
export const TopMenu = observer(function TopMenu() {
  const session = useStore(CORE.session);
  const cart = useStore(CORE.cart);
  const alerts = useStore(CORE.alerts);
  const shown = useShownCart();
  const count = shown.totalQuantity;

  const emptyCart = () => {
    if (cart.isEmpty) {
      alerts.show(messages.layout.cartAlreadyEmpty);
      return;
    }
    cart.clear();
    alerts.show(messages.layout.cartNowEmpty, 'success');
  };

  return (
    <nav className="top-menu" aria-label={messages.layout.mainMenu}>
      <MenuDropdown label={messages.layout.profile}>
        {session.isLoggedIn ? (
          <>
            <MenuLink to="/profile">{messages.layout.editProfile}</MenuLink>
            <MenuLink to="/orders">{messages.layout.orders}</MenuLink>
            <MenuButton onClick={() => void session.logout()}>{messages.layout.logout}</MenuButton>
          </>
        ) : (
          <>
            <MenuLink to="/authpopup">{messages.layout.login}</MenuLink>
            <MenuLink to="/authpopup?tab=signup">{messages.layout.signUp}</MenuLink>
          </>
        )}
      </MenuDropdown>
      <MenuDropdown
        label={
          <>
            {messages.layout.cart}
            {count > 0 ? ' ' : null}
            {count > 0 ? (
              <span className="top-menu__badge" data-testid="cart-badge">
                {count}
              </span>
            ) : null}
            {shown.known ? null : <EarlyCartBadge className="top-menu__badge" />}
          </>
        }
      >
        <MenuLink to={session.isLoggedIn ? '/check-out' : '/cart'}>{messages.layout.checkOut}</MenuLink>
        <MenuButton onClick={emptyCart}>{messages.layout.emptyCart}</MenuButton>
      </MenuDropdown>
      <Link className="top-menu__link" to="/">
        {messages.layout.home}
      </Link>
    </nav>
  );
});
