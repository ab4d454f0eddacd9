/** Placeholder: the screen is built by its own issue. */
export function ProductPage() {
  return <h1>Product</h1>;
}
