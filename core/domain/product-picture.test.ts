import { describe, expect, it } from 'vitest';
import { narrowPictureUrl } from './product-picture';

describe('narrowPictureUrl', () => {
  it.each([
    ['/images/products/65f1c0ffee0000000000a001-1.webp', '/images/products/65f1c0ffee0000000000a001-1.webp?w=400'],
    ['http://localhost:5000/images/products/mug-2.webp', 'http://localhost:5000/images/products/mug-2.webp?w=400'],
    ['https://shop.example/images/products/mug-1.jpg', 'https://shop.example/images/products/mug-1.jpg?w=400'],
  ])('asks the API host for a narrower copy of %s', (url, narrow) => {
    expect(narrowPictureUrl(url, 400)).toBe(narrow);
  });

  it.each([
    'data:image/svg+xml;charset=utf-8,%3Csvg%3E',
    '/images/products/mug-1.webp?w=400',
    '/images/products/mug-1.webp#zoom',
    '/images/other/mug-1.webp',
    '/images/products/',
    'https://cdn.example/pictures/images/products/mug-1.webp',
  ])('leaves %s alone (not one of the API’s product pictures)', (url) => {
    expect(narrowPictureUrl(url, 200)).toBeUndefined();
  });
});
