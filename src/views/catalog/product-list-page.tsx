import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { Category } from '../../domain/category';
import { findCategory } from '../../domain/category-tree';
import { messages } from '../../texts/messages';
import { formatPrice } from '../../texts/money-format';
import type { Product } from '../../domain/product';
import { CATALOG } from '../../di/modules/catalog-module';
import { CORE } from '../../di/modules/core-module';
import { useService } from '../../di/react';
import { EmptyText, ErrorText, LoadingText } from '../shared/status-text';
import './product-list-page.css';

/** The `categories` navigation state, when it came along and looks like a category list. */
function navigationCategories(state: unknown): Category[] | null {
  if (typeof state !== 'object' || state === null || !('categories' in state)) return null;
  const { categories } = state;
  return Array.isArray(categories) ? (categories as Category[]) : null;
}

/** /productlist/ and /productlist/{catId}: one fresh list per category (SPEC section 2). */
export function ProductListPage() {
  const { catId } = useParams();
  if (catId === undefined || catId === '') return <ProductList key="all" categoryId={null} />;
  const id = Number(catId);
  if (!Number.isInteger(id)) {
    return (
      <section className="page">
        <h1>{messages.catalog.unknownCategory}</h1>
        <EmptyText>{messages.catalog.noProducts}</EmptyText>
      </section>
    );
  }
  return <ProductList key={id} categoryId={id} />;
}

const ProductList = observer(function ProductList({ categoryId }: { categoryId: number | null }) {
  const createStore = useService(CATALOG.productList);
  const [store] = useState(createStore);
  const location = useLocation();
  const fromNavigation = navigationCategories(location.state);
  const [initialCategories] = useState(fromNavigation);

  useEffect(() => {
    void store.open(categoryId, initialCategories);
  }, [store, categoryId, initialCategories]);

  const state = store.state;
  let title: string | null = null;
  if (categoryId === null) title = messages.catalog.allProductsTitle;
  else if (state.status === 'loaded') title = state.data.category?.categoryName ?? messages.catalog.unknownCategory;
  else if (initialCategories) title = findCategory(initialCategories, categoryId)?.categoryName ?? null;

  return (
    <section className="page product-list">
      {/* Until the category's name is known, its line is kept, so the list below does not move. */}
      {title !== null ? <h1>{title}</h1> : <div className="product-list__title-slot" aria-hidden="true" />}
      <p className="page__note">{messages.catalog.allProductsNote}</p>
      {state.status === 'loading' ? <LoadingText>{messages.home.loadingProducts}</LoadingText> : null}
      {state.status === 'error' ? (
        <ErrorText>
          {state.source === 'categories'
            ? messages.catalog.errorFetchingCategories(state.message)
            : messages.home.errorFetchingProducts(state.message)}
        </ErrorText>
      ) : null}
      {state.status === 'loaded' && state.data.products.length === 0 ? <EmptyText>{messages.catalog.noProducts}</EmptyText> : null}
      {state.status === 'loaded' && state.data.products.length > 0 ? (
        <ul className="product-list__grid">
          {state.data.products.map((product, index) => (
            <li key={product._id}>
              <ProductThumbnail product={product} priority={index === 0} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
});

/** A 200 px thumbnail: SPEC alerts 'Product clicked!' and then opens the product. */
function ProductThumbnail({ product, priority }: { product: Product; priority: boolean }) {
  const alerts = useService(CORE.alerts);
  const image = product.images[0];
  return (
    <Link
      className="product-thumb"
      to={`/product/${encodeURIComponent(product._id)}`}
      onClick={() => alerts.show(messages.catalog.productClicked)}
    >
      <div className="product-thumb__media">
        {image ? (
          <img src={image} alt={product.prodName} loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : 'auto'} />
        ) : null}
      </div>
      <span className="product-thumb__name">{product.prodName}</span>
      <span className="product-thumb__price">{formatPrice(product.prodPrice) ?? messages.product.priceUnavailable}</span>
    </Link>
  );
}
