import { messages } from '../../texts/messages';
import { RequireSession } from '../layout/require-session';

/**
 * Orders: SPEC shows no content yet (D9: orders are a later capability). The page belongs to a
 * session (a session ending here goes home); a guest sees the same placeholder.
 */
export function OrdersPage() {
  const placeholder = (
    <section className="page">
      <h1>{messages.layout.orders}</h1>
      <p className="page__note">{messages.layout.ordersPlaceholder}</p>
    </section>
  );
  return <RequireSession signedOut={placeholder}>{placeholder}</RequireSession>;
}
