import { useId, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { SEARCH_TEXT_MAX } from '@shop/core/domain/product-search';
import { searchText } from '../../stores/catalog/search-store';
import { messages } from '../../texts/messages';
import './search-form.css';

/**
 * The shop's search field (D18), on every page: in the header on large screens, in the sidebar
 * drawer on phones. Submitting opens /search?q=…; an empty field goes nowhere. On /search the
 * field shows the text searched for.
 */
export function SearchForm({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === '/search' ? (params.get('q') ?? '') : '';
  // Re-mounted per searched text (see the key), so it starts from what the URL says.
  return <SearchField key={current} className={className} initial={current} />;
}

function SearchField({ className, initial }: { className?: string; initial: string }) {
  const [text, setText] = useState(initial);
  const navigate = useNavigate();
  const inputId = useId();
  return (
    // A real form to /search (D20): before the shop's script runs, the browser submits it itself.
    <form
      action="/search"
      method="get"
      role="search"
      className={className ? `search-form ${className}` : 'search-form'}
      onSubmit={(event) => {
        event.preventDefault();
        const q = searchText(text);
        if (q !== '') void navigate(`/search?${new URLSearchParams({ q }).toString()}`);
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        {messages.search.label}
      </label>
      <input
        id={inputId}
        className="search-form__input"
        type="search"
        name="q"
        value={text}
        maxLength={SEARCH_TEXT_MAX}
        placeholder={messages.search.placeholder}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="search-form__submit">
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <span className="visually-hidden">{messages.search.submit}</span>
      </button>
    </form>
  );
}
