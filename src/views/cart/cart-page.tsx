/** Placeholder: the screen is built by its own issue. */
export function CartPage() {
  return <h1>Cart</h1>;
}
