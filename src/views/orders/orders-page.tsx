import { messages } from '../../domain/messages';

/** Orders: SPEC shows no content yet (D9: orders are a later capability). */
export function OrdersPage() {
  return (
    <section className="page">
      <h1>{messages.layout.orders}</h1>
      <p className="page__note">{messages.layout.ordersPlaceholder}</p>
    </section>
  );
}
