import './status-text.css';

/** A loading text, announced politely. */
export function LoadingText({ children }: { children: string }) {
  return (
    <p className="status-text" role="status">
      {children}
    </p>
  );
}

/** An error text of a screen (SPEC 8), announced at once. */
export function ErrorText({ children }: { children: string }) {
  return (
    <p className="status-text status-text--error" role="alert">
      {children}
    </p>
  );
}

/** An empty state ('Your cart is empty.', 'No products found.'). */
export function EmptyText({ children }: { children: string }) {
  return <p className="status-text status-text--empty">{children}</p>;
}
