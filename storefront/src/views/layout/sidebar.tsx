import { messages } from '../../texts/messages';
import { CategoryTree } from '../catalog/category-tree';
import { Logo } from './logo';
import { SearchForm } from './search-form';
import { SocialLinks } from './social-links';
import { TopMenu } from './top-menu';
import './sidebar.css';

/** SPEC section 2: logo, top menu, category tree and five social links; on phones the search field (D18). */
export function Sidebar({ id, open }: { id: string; open: boolean }) {
  return (
    <aside id={id} className="sidebar" data-open={open} aria-label={messages.layout.sidebarLabel}>
      <Logo className="sidebar__logo" />
      {/* Phones only: large screens have the search field above the page. */}
      <SearchForm className="sidebar__search" />
      <TopMenu />
      <div className="sidebar__tree">
        <CategoryTree />
      </div>
      <SocialLinks />
    </aside>
  );
}
