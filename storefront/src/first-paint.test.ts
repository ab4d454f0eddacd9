import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CART_KEY } from './adapters/storage/local-cart-storage';
import { RECENTLY_VIEWED_KEY } from './adapters/storage/local-recently-viewed-storage';
import { firstPaint } from './first-paint';

const root = document.documentElement;

/** Lets the MutationObserver that waits for the shop run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function start(): void {
  firstPaint(window);
}

/** Clicks the script hears are window-level capture listeners: each test takes its own down. */
const listeners: Array<[string, EventListenerOrEventListenerObject, boolean]> = [];
const addEventListener = window.addEventListener.bind(window);

beforeEach(() => {
  localStorage.clear();
  for (const name of ['cart', 'shop', 'recent']) delete root.dataset[name];
  root.removeAttribute('style');
  document.body.innerHTML = '';
  window.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject, capture?: boolean) => {
    listeners.push([type, listener, Boolean(capture)]);
    addEventListener(type, listener, capture);
  }) as typeof window.addEventListener;
});

afterEach(() => {
  for (const [type, listener, capture] of listeners.splice(0)) window.removeEventListener(type, listener, capture);
  window.addEventListener = addEventListener;
});

describe('first paint: what only the browser knows, marked before the page paints (D20)', () => {
  it('marks an empty cart when nothing is stored, or what is stored cannot be read', () => {
    start();
    expect(root.dataset.cart).toBe('empty');
    expect(root.style.getPropertyValue('--cart-lines')).toBe('0');

    localStorage.setItem(CART_KEY, '{not json');
    start();
    expect(root.dataset.cart).toBe('empty');
  });

  it('counts the stored lines the cart would read and their quantities; an unreadable line is left out alone', () => {
    localStorage.setItem(
      CART_KEY,
      JSON.stringify([
        { _id: 'a', prodName: 'A', prodPrice: 10, quantity: 2 },
        { _id: 'b', prodName: 'B', quantity: 3 },
        { _id: 'c', prodName: 'C', quantity: 0 },
        { prodName: 'no id', quantity: 1 },
        null,
      ]),
    );
    start();
    expect(root.dataset.cart).toBe('filled');
    expect(root.style.getPropertyValue('--cart-lines')).toBe('2');
    expect(root.getAttribute('style')).toContain('cart-quantity 5');
  });
  it('counts one line per product and variant, as the cart merges them (D25)', () => {
    localStorage.setItem(
      CART_KEY,
      JSON.stringify([
        { _id: 'a', prodName: 'A', quantity: 1, variantId: 'm' },
        { _id: 'a', prodName: 'A', quantity: 2, variantId: 'l' },
        { _id: 'a', prodName: 'A', quantity: 1, variantId: 'm' },
        { _id: 'a', prodName: 'A', quantity: 1 },
        { _id: 'constructor', prodName: 'B', quantity: 1 },
        { _id: 'c', prodName: 'C', quantity: 5, variantId: '' },
        { _id: 'c', prodName: 'C', quantity: 5, variantId: 3 },
      ]),
    );
    start();
    expect(root.style.getPropertyValue('--cart-lines')).toBe('4');
    expect(root.getAttribute('style')).toContain('cart-quantity 6');
  });
});

describe('first paint: recently viewed products besides the product on the page (D25)', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('marks them stored when an entry the store would read names another product than the page’s', () => {
    window.history.replaceState(null, '', '/product/p1');
    start();
    expect(root.dataset.recent).toBe('empty');

    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([{ id: 'p1', name: 'A' }, { id: 'p2' }, null, { name: 'C' }]));
    start();
    expect(root.dataset.recent).toBe('empty');

    localStorage.setItem(
      RECENTLY_VIEWED_KEY,
      JSON.stringify([
        { id: 'p1', name: 'A' },
        { id: 'p2', name: 'B' },
      ]),
    );
    start();
    expect(root.dataset.recent).toBe('filled');

    window.history.replaceState(null, '', '/product/p2');
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([{ id: 'p2', name: 'B' }]));
    start();
    expect(root.dataset.recent).toBe('empty');

    localStorage.setItem(RECENTLY_VIEWED_KEY, '{not json');
    start();
    expect(root.dataset.recent).toBe('empty');
  });
});

describe('first paint: no tap lost before the shop is live (D20)', () => {
  function button(name: string, heard: string[]): HTMLButtonElement {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = name;
    element.addEventListener('click', () => heard.push(name));
    document.body.append(element);
    return element;
  }

  it('holds taps on buttons, shows each as taken, and replays them in order, exactly once, when the shop is live', async () => {
    const heard: string[] = [];
    const add = button('Add to Cart', heard);
    const more = button('+', heard);
    start();
    add.click();
    more.click();
    add.click();
    expect(heard).toEqual([]);
    expect(add.dataset.tap).toBe('held');
    expect(more.dataset.tap).toBe('held');

    root.dataset.shop = 'ready';
    await settle();
    expect(heard).toEqual(['Add to Cart', '+', 'Add to Cart']);
    expect(add.dataset.tap).toBeUndefined();
    expect(more.dataset.tap).toBeUndefined();

    // Live: a tap goes straight to the shop, and nothing is replayed twice.
    more.click();
    root.dataset.shop = 'ready ';
    await settle();
    expect(heard).toEqual(['Add to Cart', '+', 'Add to Cart', '+']);
  });

  it('replays one tap a task: what the shop does in answer to one (a render) is done before the next', async () => {
    const order: string[] = [];
    const more = button('+', order);
    const add = button('Add to Cart', order);
    let rendered = false;
    more.addEventListener('click', () => queueMicrotask(() => (rendered = true)));
    add.addEventListener('click', () => order.push(rendered ? 'after the render' : 'before the render'));
    start();
    more.click();
    add.click();
    root.dataset.shop = 'ready';
    await settle();
    expect(order).toEqual(['+', 'Add to Cart', 'after the render']);
  });

  it('holds a tap on what is inside a button (its icon), as a tap on the button', async () => {
    const heard: string[] = [];
    const next = button('', heard);
    const icon = document.createElement('span');
    next.append(icon);
    start();
    icon.click();
    expect(heard).toEqual([]);
    root.dataset.shop = 'ready';
    await settle();
    expect(heard).toEqual(['']);
  });

  it('leaves links, a form’s submit button and disabled buttons to the browser', () => {
    start();
    const link = document.createElement('a');
    link.href = '#/productlist/1';
    document.body.append(link);
    const linkClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(linkClick);
    expect(linkClick.defaultPrevented).toBe(false);

    const form = document.createElement('form');
    const submit = document.createElement('button');
    submit.type = 'submit';
    form.append(submit);
    form.addEventListener('submit', (event) => event.preventDefault());
    document.body.append(form);
    const submitClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    submit.dispatchEvent(submitClick);
    expect(submitClick.defaultPrevented).toBe(false);
    expect(submit.dataset.tap).toBeUndefined();

    const heard: string[] = [];
    const disabled = button('Decrease', heard);
    disabled.disabled = true;
    disabled.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(disabled.dataset.tap).toBeUndefined();
  });
});
