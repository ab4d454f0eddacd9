import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductGallery } from './product-gallery';

const images = ['a.jpg', 'b.jpg', 'c.jpg'];

describe('ProductGallery', () => {
  it('has a thumbnail button and a bullet per image; a thumbnail selects its slide', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} name="Lamp" thumbSizes="80px" />);
    const thumbs = screen.getAllByRole('button', { name: /^Image \d$/ });
    // One thumbnail and one bullet per image.
    expect(thumbs).toHaveLength(6);
    const [, secondThumb] = thumbs;
    await user.click(secondThumb!);
    expect(secondThumb).toHaveAttribute('aria-current', 'true');
    const current = screen.getAllByRole('button', { name: 'Image 2' });
    expect(current.every((button) => button.getAttribute('aria-current') === 'true')).toBe(true);
    expect(screen.getAllByRole('img', { name: 'Lamp 1' }).length).toBeGreaterThan(0);
  });

  it('shows neither thumbnails nor bullets for a single image', () => {
    render(<ProductGallery images={['a.jpg']} name="Lamp" thumbSizes="80px" />);
    expect(screen.queryAllByRole('button', { name: /^Image \d$/ })).toHaveLength(0);
    expect(screen.getAllByRole('img', { name: 'Lamp 1' }).length).toBeGreaterThan(0);
  });
});
