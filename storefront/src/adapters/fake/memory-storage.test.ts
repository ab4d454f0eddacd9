import { describe, expect, it } from 'vitest';
import type { CartItem } from '@shop/core/domain/cart-item';
import type { StoredSession } from '@shop/core/domain/user';
import { demoUser } from './demo-account';
import { FakeImageCropper } from './fake-image-cropper';
import { MemoryCartStorage, MemorySessionStorage } from './memory-storage';

const item: CartItem = { _id: 'a'.repeat(24), prodName: 'Kahve', images: [], prodPrice: 10, quantity: 2 };

describe('MemoryCartStorage', () => {
  it('starts with the given items and keeps what is saved, as copies', () => {
    const storage = new MemoryCartStorage([item]);
    expect(storage.load()).toEqual([item]);
    const saved = [{ ...item, quantity: 3 }];
    storage.save(saved);
    saved[0]!.quantity = 99;
    expect(storage.load()).toEqual([{ ...item, quantity: 3 }]);
    storage.load()[0]!.quantity = 50;
    expect(storage.load()[0]?.quantity).toBe(3);
    expect(storage.saveCount).toBe(1);
  });

  it('is empty by default', () => {
    expect(new MemoryCartStorage().load()).toEqual([]);
  });
});

describe('MemorySessionStorage', () => {
  const session: StoredSession = { accessToken: 'a', refreshToken: 'r', user: demoUser() };

  it('loads what was saved and nothing after clear', () => {
    const storage = new MemorySessionStorage();
    expect(storage.load()).toBeNull();
    storage.save(session);
    expect(storage.load()).toEqual(session);
    storage.clear();
    expect(storage.load()).toBeNull();
  });

  it('starts with an initial session', () => {
    expect(new MemorySessionStorage(session).load()?.user.email).toBe(session.user.email);
  });
});

describe('FakeImageCropper', () => {
  it('answers the URL unchanged and records the call', async () => {
    const cropper = new FakeImageCropper();
    expect(await cropper.crop('data:image/png;base64,x')).toBe('data:image/png;base64,x');
    expect(cropper.calls).toEqual(['data:image/png;base64,x']);
  });

  it('crops with the cropper it is given, still recording the call', async () => {
    const cropper = new FakeImageCropper({ crop: (url) => Promise.resolve(`cropped:${url}`) });
    expect(await cropper.crop('data:image/png;base64,x')).toBe('cropped:data:image/png;base64,x');
    expect(cropper.calls).toEqual(['data:image/png;base64,x']);
  });
});
