import { messages } from '../../texts/messages';
import { CategoryTree } from '../catalog/category-tree';
import { Logo } from './logo';
import { SocialLinks } from './social-links';
import { TopMenu } from './top-menu';
import './sidebar.css';

/** SPEC section 2: logo, top menu, category tree and five social links. */
export function Sidebar({ id, open }: { id: string; open: boolean }) {
  return (
    <aside id={id} className="sidebar" data-open={open} aria-label={messages.layout.sidebarLabel}>
      <Logo className="sidebar__logo" />
      <TopMenu />
      <div className="sidebar__tree">
        <CategoryTree />
      </div>
      <SocialLinks />
    </aside>
  );
}
