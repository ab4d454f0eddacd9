import type { Seller } from '../config';

/**
 * The privacy notice (aydınlatma metni) of D24, KVKK (6698 sayılı Kişisel Verilerin Korunması
 * Kanunu) article 10: who the data controller is, which data the shop processes, why and on which
 * legal basis, to whom it is passed, how long it is kept, and the data subject's rights (article 11)
 * with how to use them. The data controller is the seller of the SELLER_* settings. A change of
 * wording is a new PRIVACY_NOTICE_VERSION: the sign-up's consent records the version it was given
 * for (consents.ts reads it from here), and /privacy shows it.
 */
export const PRIVACY_NOTICE_VERSION = 'kvkk-2026-11-27';

export const PRIVACY_NOTICE_TITLE = 'Kişisel Verilerin Korunması Hakkında Aydınlatma Metni';

/** The notice with the seller filled in: paragraphs separated by a blank line, lines by a line break. */
export function privacyNoticeText(seller: Seller): string {
  const sections: [string, string[]][] = [
    [
      '1. Veri sorumlusu',
      [
        `Bu metin, ${seller.name} ("Mağaza") tarafından, 6698 sayılı Kişisel Verilerin Korunması Kanunu ("KVKK") madde 10 uyarınca, internet mağazamızı kullanan ve bizden alışveriş yapan kişileri bilgilendirmek için hazırlanmıştır. Kişisel verileriniz bakımından veri sorumlusu Mağaza'dır.`,
        `Unvan: ${seller.name}`,
        `Adres: ${seller.address}`,
        `MERSİS numarası: ${seller.mersis}`,
        `E-posta: ${seller.email}`,
        `Telefon: ${seller.phone}`,
      ],
    ],
    [
      '2. İşlenen kişisel veriler',
      [
        '- Kimlik ve iletişim bilgileri: ad, soyad, e-posta adresi, telefon numarası.',
        '- Adres bilgileri: fatura ve teslimat adresleri.',
        '- Müşteri işlem bilgileri: siparişler, sipariş edilen ürünler, tutarlar, seçilen ödeme şekli, kabul edilen ön bilgilendirme formu ve mesafeli satış sözleşmesi.',
        '- İşlem güvenliği bilgileri: şifrenizin geri döndürülemez özeti (şifrenin kendisi saklanmaz), oturum kayıtları, IP adresi ve tarayıcı bilgisi, giriş denemeleri.',
        '- Onay kayıtları: bu metnin okunduğuna ve ticari elektronik iletilere ilişkin verdiğiniz veya geri aldığınız onaylar, metnin sürümü ve zamanı.',
        'Alışveriş sepetiniz yalnızca kendi tarayıcınızda tutulur; sipariş verilene kadar Mağaza’ya gönderilmez. Ödeme kapıda yapıldığından kart bilgileriniz Mağaza tarafından alınmaz.',
      ],
    ],
    [
      '3. İşleme amaçları ve hukuki sebepler',
      [
        '- Üyelik hesabının açılması ve yönetilmesi, siparişlerin alınması, teslim edilmesi ve iadelerin yürütülmesi: bir sözleşmenin kurulması veya ifasıyla doğrudan ilgili olması (KVKK m. 5/2-c).',
        '- Faturalandırma, vergi ve ticaret mevzuatı gereği kayıtların tutulması, mesafeli sözleşmelere ilişkin yükümlülüklerin yerine getirilmesi: kanunlarda açıkça öngörülmesi ve hukuki yükümlülüğün yerine getirilmesi (m. 5/2-a ve 5/2-ç).',
        '- Hesabın ve mağazanın güvenliği, kötüye kullanımın önlenmesi, uyuşmazlıklarda hakların korunması: veri sorumlusunun meşru menfaati ve bir hakkın tesisi, kullanılması veya korunması (m. 5/2-f ve 5/2-e).',
        '- Kampanya ve yeniliklerle ilgili ticari elektronik ileti gönderilmesi: yalnızca ayrıca verdiğiniz açık rıza ile (m. 5/1 ve 6563 sayılı Kanun). Bu onay isteğe bağlıdır; vermemeniz alışverişinizi etkilemez ve profilinizden her zaman geri alabilirsiniz.',
      ],
    ],
    [
      '4. Kişisel verilerin aktarılması',
      [
        'Kişisel verileriniz yalnızca yukarıdaki amaçlar için gerekli olduğu ölçüde; siparişin teslimi için kargo ve kurye şirketlerine, e-posta gönderimi ve barındırma hizmeti aldığımız tedarikçilere, talep hâlinde yetkili kamu kurum ve kuruluşlarına (ör. vergi daireleri, yargı mercileri) aktarılabilir.',
        'Kişisel verileriniz satılmaz ve pazarlama amacıyla üçüncü kişilerle paylaşılmaz. Yurt dışına aktarım gerekirse KVKK madde 9’daki şartlara uyulur.',
      ],
    ],
    [
      '5. Toplama yöntemi',
      [
        'Kişisel verileriniz, üye olurken, profilinizi ve adreslerinizi düzenlerken ve sipariş verirken internet mağazasındaki formlar aracılığıyla elektronik ortamda ve otomatik yollarla toplanır.',
      ],
    ],
    [
      '6. Saklama süreleri',
      [
        '- Hesap, adres ve onay bilgileri: hesabınız açık kaldığı sürece; hesabınızı sildiğinizde silinir.',
        '- Siparişler ve faturaya esas bilgiler: vergi ve ticaret mevzuatının öngördüğü süre boyunca (Vergi Usul Kanunu ve Türk Ticaret Kanunu uyarınca 10 yıla kadar). Hesabınız silindiğinde siparişleriniz adınız, adresleriniz ve sözleşme metni çıkarılarak saklanır; kabul ettiğiniz sözleşmenin özeti (SHA-256) ispat için tutulur.',
        '- Oturum ve güvenlik kayıtları: oturumun sona ermesinden sonra kısa bir süre ve mevzuatın öngördüğü süre kadar.',
        'Süresi dolan veriler silinir, yok edilir veya anonim hâle getirilir.',
      ],
    ],
    [
      '7. KVKK madde 11 kapsamındaki haklarınız',
      [
        'Mağaza’ya başvurarak;',
        '- kişisel verilerinizin işlenip işlenmediğini öğrenme,',
        '- işlenmişse buna ilişkin bilgi talep etme,',
        '- işlenme amacını ve amacına uygun kullanılıp kullanılmadığını öğrenme,',
        '- yurt içinde veya yurt dışında aktarıldığı üçüncü kişileri bilme,',
        '- eksik veya yanlış işlenmişse düzeltilmesini isteme,',
        '- KVKK madde 7’deki şartlar çerçevesinde silinmesini veya yok edilmesini isteme,',
        '- düzeltme, silme ve yok etme işlemlerinin verilerin aktarıldığı üçüncü kişilere bildirilmesini isteme,',
        '- münhasıran otomatik sistemlerle analiz edilmesi sonucu aleyhinize bir sonuç çıkmasına itiraz etme,',
        '- kanuna aykırı işleme nedeniyle zarara uğramanız hâlinde zararın giderilmesini talep etme',
        'haklarına sahipsiniz.',
      ],
    ],
    [
      '8. Haklarınızı nasıl kullanabilirsiniz',
      [
        'Profil sayfanızdaki "Privacy and Your Data" bölümünden:',
        '- "Download my data" ile profilinizi, adreslerinizi, siparişlerinizi ve onaylarınızı tek bir JSON dosyası olarak hemen indirebilirsiniz;',
        '- "Delete my account" ile şifrenizi yeniden girerek hesabınızı silebilirsiniz; hesabınız, adresleriniz, onaylarınız ve oturumlarınız silinir, siparişleriniz yukarıda açıklandığı gibi kişisel bilgileriniz çıkarılarak saklanır;',
        '- ticari elektronik ileti onayınızı açıp kapatabilir, adınızı, telefonunuzu ve adreslerinizi düzeltebilirsiniz.',
        `Diğer talepleriniz için ${seller.email} adresine kayıtlı e-posta adresinizden yazabilir veya ${seller.address} adresine yazılı olarak başvurabilirsiniz. Başvurunuz en geç 30 gün içinde ücretsiz olarak sonuçlandırılır. Başvurunuzun reddedilmesi veya yanıtı yetersiz bulmanız hâlinde Kişisel Verileri Koruma Kurulu’na şikâyette bulunabilirsiniz.`,
      ],
    ],
  ];
  return sections.map(([heading, lines]) => [heading, ...lines].join('\n')).join('\n\n');
}
