/** Placeholder: the screen is built by its own issue. */
export function OrdersPage() {
  return <h1>Orders</h1>;
}
