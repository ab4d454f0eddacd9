import { describe, expect, it } from 'vitest';
import { pictureSources } from './picture-sources';

describe('pictureSources', () => {
  it('offers the API’s narrower copies of a product picture beside the stored one, with the width it is shown at', () => {
    const url = '/images/products/65f1c0ffee0000000000a001-1.webp';
    expect(pictureSources(url, '230px')).toEqual({
      src: url,
      srcSet: `${url}?w=200 200w, ${url}?w=400 400w, ${url} 800w`,
      sizes: '230px',
    });
  });

  it('shows any other picture as it is (the fakes’ data: pictures)', () => {
    const url = 'data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';
    expect(pictureSources(url, '(max-width: 479px) 50vw, 200px')).toEqual({ src: url });
  });
});
