import { observer } from 'mobx-react-lite';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProductFilters } from '@shop/core/ports/catalog-gateway';
import {
  activeFilterCount,
  FILTER_PARAMS,
  type ListingFacets,
  normalizeFilters,
  panelGroups,
  readPrice,
  toggleOption,
} from '../../stores/catalog/listing-filters';
import { messages } from '../../texts/messages';
import { DisclosureButton } from '../shared/disclosure-button';
import { EmptyText, ErrorText, LoadingText } from '../shared/status-text';
import './filter-panel.css';

export interface FilterPanelProps {
  /** The filters on (from the URL). */
  filters: ProductFilters;
  /** The counts of the listing's panel. */
  facets: ListingFacets;
  /** Another choice: the listing's URL changes (page 1). */
  onChange: (filters: ProductFilters) => void;
  /** The listing without filters. */
  clearHref: string;
  /** The listing's path and its other parameters (`q`, `sort`): the form sends them along when no script runs yet. */
  action: string;
  kept: readonly (readonly [string, string])[];
}

const priceText = (price: number | undefined) => (price === undefined ? '' : String(price));

/**
 * The filters of a listing (D25): a price range, a group of checkboxes per option with how many
 * products each value would show, 'In stock only', and 'Clear filters'. A value no product would
 * show is disabled unless chosen. A choice applies at once; the price when sent (Enter or Apply).
 * It is a real GET form of the same parameters, so before the shop's script runs Apply sends the
 * choices as a URL the server renders.
 */
export const FilterPanel = observer(function FilterPanel({
  filters,
  facets,
  onChange,
  clearHref,
  action,
  kept,
  titleId,
}: FilterPanelProps & { titleId: string }) {
  // The choice shows at once (an urgent update); the list follows the URL in its own transition.
  const [chosen, setChosen] = useState(filters);
  useEffect(() => setChosen(filters), [filters]);
  const choose = (next: ProductFilters) => {
    setChosen(next);
    onChange(next);
  };
  const [minPrice, setMinPrice] = useState(priceText(filters.minPrice));
  const [maxPrice, setMaxPrice] = useState(priceText(filters.maxPrice));
  // Another URL (Back, Clear filters, a link) shows its own range.
  useEffect(() => setMinPrice(priceText(filters.minPrice)), [filters.minPrice]);
  useEffect(() => setMaxPrice(priceText(filters.maxPrice)), [filters.maxPrice]);

  const state = facets.state;
  const counts = state.status === 'error' ? undefined : facets.shown;
  const groups = panelGroups(counts, chosen);
  const inStockCount = counts?.inStock;

  const applyPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    choose(normalizeFilters({ ...chosen, minPrice: readPrice(minPrice), maxPrice: readPrice(maxPrice) }));
  };

  return (
    <form className="filter-panel" method="get" action={action} aria-labelledby={titleId} onSubmit={applyPrice}>
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <fieldset className="filter-panel__group">
        <legend>{messages.filters.price}</legend>
        <div className="filter-panel__prices">
          <PriceField
            label={messages.filters.minPrice}
            name={FILTER_PARAMS.minPrice}
            hint={counts?.price ? Math.floor(counts.price.min) : undefined}
            value={minPrice}
            onChange={setMinPrice}
          />
          <PriceField
            label={messages.filters.maxPrice}
            name={FILTER_PARAMS.maxPrice}
            hint={counts?.price ? Math.ceil(counts.price.max) : undefined}
            value={maxPrice}
            onChange={setMaxPrice}
          />
        </div>
        <button type="submit" className="button">
          {messages.filters.apply}
        </button>
      </fieldset>

      {state.status === 'loading' && !counts ? <LoadingText>{messages.filters.loading}</LoadingText> : null}
      {state.status === 'error' ? (
        <div className="filter-panel__error">
          <ErrorText>{messages.filters.error(state.message)}</ErrorText>
          <button type="button" className="button" onClick={() => void facets.retry()}>
            {messages.filters.retry}
          </button>
        </div>
      ) : null}

      <div className="filter-panel__counts" aria-busy={state.status === 'loading'}>
        {groups.map((group) => (
          <fieldset key={group.name} className="filter-panel__group">
            <legend>{group.name}</legend>
            <div className="filter-panel__values">
              {group.values.map(({ value, count, checked }) => (
                <label key={value} className="filter-panel__value">
                  <input
                    type="checkbox"
                    name={`${FILTER_PARAMS.optionPrefix}${group.name}`}
                    value={value}
                    checked={checked}
                    disabled={count === 0 && !checked}
                    onChange={() => choose(toggleOption(chosen, group.name, value))}
                  />
                  <span>{value}</span>
                  {count === null ? null : <span className="filter-panel__count">({count})</span>}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        {counts || chosen.inStock ? (
          <fieldset className="filter-panel__group">
            <legend>{messages.filters.availability}</legend>
            <label className="filter-panel__value">
              <input
                type="checkbox"
                name={FILTER_PARAMS.inStock}
                value="1"
                checked={chosen.inStock === true}
                disabled={inStockCount === 0 && !chosen.inStock}
                onChange={() => choose(normalizeFilters({ ...chosen, inStock: !chosen.inStock }))}
              />
              <span>{messages.filters.inStock}</span>
              {inStockCount === undefined ? null : <span className="filter-panel__count">({inStockCount})</span>}
            </label>
          </fieldset>
        ) : null}
      </div>

      {activeFilterCount(filters) > 0 ? (
        <Link className="filter-panel__clear" to={clearHref}>
          {messages.filters.clear}
        </Link>
      ) : null}
    </form>
  );
});

/** One end of the price range, in dollars; `hint` (the lowest or highest price there is) as its placeholder. */
function PriceField(props: { label: string; name: string; hint: number | undefined; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="number"
        name={props.name}
        min={0}
        step={0.01}
        inputMode="decimal"
        placeholder={props.hint === undefined ? undefined : String(props.hint)}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled])';

/**
 * The panel beside a listing (a column on large screens) and, on phones and tablets, a drawer
 * behind a 'Filters' button that counts the filters on. The drawer is a modal dialog: focus
 * stays inside, Escape and Close close it, and focus returns to the button. A tap on the button
 * before the shop is live is held and replayed (storefront/src/first-paint.ts).
 */
export const ListingFilters = observer(function ListingFilters({ total, ...panel }: FilterPanelProps & { total: number | null }) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const drawerId = useId();
  const titleId = useId();

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    // On a tablet the page shows beside the drawer: a tap there closes it (and goes where it was meant to).
    const outside = (event: PointerEvent) => {
      if (event.target instanceof Node && !drawerRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const trap = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab' || !drawerRef.current) return;
    const focusable = [...drawerRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.getClientRects().length > 0,
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="listing-filters">
      <DisclosureButton
        ref={toggleRef}
        className="button listing-filters__toggle"
        expanded={open}
        controls={drawerId}
        onClick={() => setOpen(true)}
      >
        {messages.filters.open(activeFilterCount(panel.filters))}
      </DisclosureButton>
      {/* Keys are heard only while it is the phone's open dialog (Escape, Tab kept inside). */}
      <div
        ref={drawerRef}
        id={drawerId}
        className="listing-filters__drawer"
        data-open={open}
        role={open ? 'dialog' : undefined}
        aria-modal={open ? true : undefined}
        aria-labelledby={open ? titleId : undefined}
        onKeyDown={trap}
      >
        <div className="listing-filters__head">
          <h2 id={titleId} className="listing-filters__title">
            {messages.filters.title}
          </h2>
          <button ref={closeRef} type="button" className="button listing-filters__close" onClick={close}>
            {messages.filters.close}
          </button>
        </div>
        <FilterPanel {...panel} titleId={titleId} />
        <button type="button" className="button button--primary button--block listing-filters__done" onClick={close}>
          {messages.filters.showResults(total)}
        </button>
      </div>
    </div>
  );
});

/** A listing the filters leave empty: say so, and offer to take them off. */
export function NoFilterMatches({ clearHref }: { clearHref: string }) {
  return (
    <div className="listing-past-end">
      <EmptyText>{messages.filters.noMatches}</EmptyText>
      <Link className="button" to={clearHref}>
        {messages.filters.clear}
      </Link>
    </div>
  );
}
