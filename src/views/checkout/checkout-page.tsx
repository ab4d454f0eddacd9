/** Placeholder: the screen is built by its own issue. */
export function CheckoutPage() {
  return <h1>Checkout</h1>;
}
