import type { LegalTexts } from '@shop/core/domain/legal';
import { FAKE_CONTRACT_VERSION, FAKE_SELLER } from './fake-contract';
import { FAKE_CONSENT_VERSIONS } from './fake-privacy-gateway';

const BLANK = '……';

/**
 * GET /api/legal as the fakes answer it (D24): the demo seller, a shorter privacy notice and
 * contract templates than the reference server's (api/src/legal), in the same shape and with
 * the same titles and versions, so /privacy, /terms and the footer show in Storybook and the fake
 * dev mode what a shopper reads.
 */
export const FAKE_LEGAL_TEXTS: LegalTexts = {
  seller: FAKE_SELLER,
  privacyNotice: {
    version: FAKE_CONSENT_VERSIONS['privacy-notice'],
    title: 'Kişisel Verilerin Korunması Hakkında Aydınlatma Metni',
    text: [
      `1. Veri sorumlusu\nKişisel verileriniz bakımından veri sorumlusu ${FAKE_SELLER.name}'dir.\nAdres: ${FAKE_SELLER.address}\nE-posta: ${FAKE_SELLER.email}`,
      '2. İşlenen kişisel veriler\n- Kimlik ve iletişim bilgileri: ad, soyad, e-posta, telefon.\n- Adres bilgileri: fatura ve teslimat adresleri.\n- Siparişler ve kabul edilen sözleşmeler.',
      '3. Saklama süreleri\nSiparişler vergi mevzuatı gereği saklanır; hesabınızı sildiğinizde adınız ve adresleriniz çıkarılır.',
      `4. Haklarınız (KVKK madde 11)\nProfilinizdeki "Download my data" ve "Delete my account" ile verilerinizi indirebilir ve hesabınızı silebilirsiniz; diğer talepleriniz için ${FAKE_SELLER.email}.`,
    ].join('\n\n'),
  },
  terms: {
    version: FAKE_CONTRACT_VERSION,
    documents: [
      {
        kind: 'pre-information',
        title: 'Ön Bilgilendirme Formu',
        text: `1. Satıcı\nUnvan: ${FAKE_SELLER.name}\nMERSİS numarası: ${FAKE_SELLER.mersis}\n\n2. Alıcı\nAd soyad: ${BLANK}\n\n3. Cayma hakkı\nAlıcı, malın teslim edildiği günden itibaren 14 (on dört) gün içinde cayma hakkına sahiptir.`,
      },
      {
        kind: 'distance-sales',
        title: 'Mesafeli Satış Sözleşmesi',
        text: `Madde 1. Taraflar\nSATICI: ${FAKE_SELLER.name}\nALICI: ${BLANK}\n\nMadde 2. Cayma hakkı\nAlıcı, malın teslim edildiği günden itibaren 14 (on dört) gün içinde cayma hakkına sahiptir.`,
      },
    ],
  },
};
