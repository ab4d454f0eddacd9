/** Placeholder: the screen is built by its own issue. */
export function ProductListPage() {
  return <h1>Products</h1>;
}
