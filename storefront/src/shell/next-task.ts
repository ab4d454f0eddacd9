/**
 * Resolves in a task of its own, letting the browser paint and answer input first. The shop's
 * start is cut at these points (loading the libraries, building the container, loading the page's
 * stores, hydrating): on a phone each part is a short task instead of all of them one long one.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
