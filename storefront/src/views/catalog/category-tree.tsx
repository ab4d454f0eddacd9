import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useMatch } from 'react-router-dom';
import type { Category } from '@shop/core/domain/category';
import type { CategoryNode } from '@shop/core/domain/category-tree';
import { messages } from '../../texts/messages';
import { CATALOG } from '../../di/modules/catalog-module';
import { useStore } from '../../di/react';
import { ErrorText, LoadingText } from '../shared/status-text';
import './category-tree.css';

/** Navigation state of /productlist/{id}: the full category list (SPEC section 2). */
export interface ProductListNavigationState {
  categories: Category[];
}

/**
 * The sidebar's nested, collapsible category tree (SPEC section 2): a click on an entry toggles it
 * and opens its product list, passing the category list along so that page need not fetch it.
 * Each entry is a real link (it works before the shop's script runs, and is crawlable; D20) and an
 * entry with subcategories has a toggle beside it that only opens or closes them.
 * A page may show it too (an empty search, D18): `label` then names that second navigation
 * apart from the sidebar's, and `onPage` draws it on the page's light background.
 */
export const CategoryTree = observer(function CategoryTree({ label, onPage = false }: { label?: string; onPage?: boolean }) {
  const store = useStore(CATALOG.categories);
  useEffect(() => {
    void store.load();
  }, [store]);

  const state = store.state;
  return (
    <nav
      className={onPage ? 'category-tree category-tree--on-page' : 'category-tree'}
      aria-label={label ?? messages.catalog.categoriesTitle}
    >
      <h2 className="category-tree__title">{messages.catalog.categoriesTitle}</h2>
      {state.status === 'loading' ? <LoadingText>{messages.catalog.loadingCategories}</LoadingText> : null}
      {state.status === 'error' ? <ErrorText>{messages.catalog.errorFetchingCategories(state.message)}</ErrorText> : null}
      {state.status === 'loaded' ? <CategoryList nodes={store.tree} all={state.data} level={1} /> : null}
    </nav>
  );
});

const CategoryList = observer(function CategoryList({ nodes, all, level }: { nodes: CategoryNode[]; all: Category[]; level: number }) {
  const store = useStore(CATALOG.categories);
  // The tree lives in the layout, outside the product list route: match the URL directly.
  const catId = useMatch('/productlist/:catId')?.params.catId;
  return (
    <ul className="category-tree__list" data-level={level}>
      {nodes.map((node) => {
        const hasChildren = node.children.length > 0;
        const expanded = store.isExpanded(node.categoryId);
        const current = catId === String(node.categoryId);
        return (
          <li key={node.categoryId}>
            <div className="category-tree__row">
              {hasChildren ? (
                <button
                  type="button"
                  className="category-tree__toggle"
                  aria-expanded={expanded}
                  aria-label={messages.catalog.subcategoriesOf(node.categoryName)}
                  onClick={() => store.toggle(node.categoryId)}
                >
                  <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
                </button>
              ) : (
                <span className="category-tree__marker" aria-hidden="true">
                  •
                </span>
              )}
              <Link
                className="category-tree__entry"
                to={`/productlist/${node.categoryId}`}
                state={{ categories: all } satisfies ProductListNavigationState}
                aria-current={current ? 'page' : undefined}
                onClick={() => {
                  if (hasChildren) store.toggle(node.categoryId);
                }}
              >
                {node.categoryName}
              </Link>
            </div>
            {hasChildren && expanded ? <CategoryList nodes={node.children} all={all} level={level + 1} /> : null}
          </li>
        );
      })}
    </ul>
  );
});
