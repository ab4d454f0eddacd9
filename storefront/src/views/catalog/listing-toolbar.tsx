import { useId } from 'react';
import type { ProductSort } from '@shop/core/domain/product-search';
import { messages } from '../../texts/messages';
import './listing.css';

/**
 * Above a listing (D18): how many products match, announced politely when it changes (the
 * region is always there, empty while loading, so a change is heard), and the order.
 */
export function ListingToolbar({
  total,
  sorts,
  sort,
  onSort,
}: {
  /** null while loading or on failure. */
  total: number | null;
  sorts: readonly ProductSort[];
  sort: ProductSort;
  onSort: (sort: ProductSort) => void;
}) {
  const selectId = useId();
  return (
    <div className="listing-toolbar">
      <p className="listing-toolbar__count" aria-live="polite" aria-atomic="true">
        {total === null ? '' : messages.listing.productCount(total)}
      </p>
      <div className="listing-toolbar__sort">
        <label htmlFor={selectId}>{messages.listing.sortLabel}</label>
        <select
          id={selectId}
          value={sort}
          onChange={(event) => {
            const chosen = sorts.find((candidate) => candidate === event.target.value);
            if (chosen) onSort(chosen);
          }}
        >
          {sorts.map((candidate) => (
            <option key={candidate} value={candidate}>
              {messages.listing.sorts[candidate]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
