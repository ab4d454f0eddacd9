import { Link } from 'react-router-dom';
import { messages } from '../../texts/messages';
import './listing.css';

/**
 * After a click on the pager the list reloads and the pager goes with it: the reader continues
 * at the top of the page content (the layout's main, the skip link's target), not lost at the
 * bottom with the focus dropped to the body.
 */
function continueAtTop(): void {
  const main = document.getElementById('main-content');
  if (main) main.focus();
  else window.scrollTo(0, 0);
}

/**
 * Previous / "Page 2 of 5" / Next below a listing (D18). Real links (`?page=` in the URL), so
 * they open in a new tab, and Back returns to the page before. Nothing when there is one page.
 */
export function Pager({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={messages.listing.pages}>
      {page > 1 ? (
        <Link className="button" to={hrefFor(page - 1)} rel="prev" onClick={continueAtTop}>
          {messages.listing.previousPage}
        </Link>
      ) : (
        <span className="button pager__edge" aria-hidden="true">
          {messages.listing.previousPage}
        </span>
      )}
      <span className="pager__where" aria-current="page">
        {messages.listing.page(page, pageCount)}
      </span>
      {page < pageCount ? (
        <Link className="button" to={hrefFor(page + 1)} rel="next" onClick={continueAtTop}>
          {messages.listing.nextPage}
        </Link>
      ) : (
        <span className="button pager__edge" aria-hidden="true">
          {messages.listing.nextPage}
        </span>
      )}
    </nav>
  );
}

/** A page number past the last page (an old link, a hand-typed URL): say so, and lead back to page 1. */
export function PastLastPage({ pageCount, firstPageHref }: { pageCount: number; firstPageHref: string }) {
  return (
    <div className="listing-past-end">
      <p className="status-text status-text--empty">{messages.listing.pastLastPage(pageCount)}</p>
      <Link className="button" to={firstPageHref} onClick={continueAtTop}>
        {messages.listing.backToFirstPage}
      </Link>
    </div>
  );
}
