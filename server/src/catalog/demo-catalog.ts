import type { Collection } from './collection';

export interface DemoCategory {
  categoryId: number;
  name: string;
  parentCategoryId: number | null;
}

export interface DemoProduct {
  /** Stable slug; the product id is derived from it, so links survive restarts and reseeding. */
  slug: string;
  name: string;
  description: string | null;
  /** Dollars (D8); null = no price (shown as N/A). */
  price: number | null;
  /** The leaf category the product lives in. */
  categoryId: number;
  collections: readonly Collection[];
  imageCount: 2 | 3;
}

/**
 * The demo category tree: four top-level categories, three levels deep. Ids are fixed by hand
 * (the digits follow the path) so links stay valid when the catalogue grows.
 */
export const demoCategories: readonly DemoCategory[] = [
  { categoryId: 1, name: 'Elektronik', parentCategoryId: null },
  { categoryId: 11, name: 'Bilgisayar', parentCategoryId: 1 },
  { categoryId: 111, name: 'Dizüstü Bilgisayar', parentCategoryId: 11 },
  { categoryId: 112, name: 'Tablet', parentCategoryId: 11 },
  { categoryId: 12, name: 'Telefon', parentCategoryId: 1 },
  { categoryId: 121, name: 'Akıllı Telefon', parentCategoryId: 12 },
  { categoryId: 122, name: 'Telefon Aksesuarları', parentCategoryId: 12 },
  { categoryId: 13, name: 'Ses ve Görüntü', parentCategoryId: 1 },
  { categoryId: 131, name: 'Kulaklık', parentCategoryId: 13 },
  { categoryId: 2, name: 'Ev & Yaşam', parentCategoryId: null },
  { categoryId: 21, name: 'Mutfak', parentCategoryId: 2 },
  { categoryId: 211, name: 'Pişirme Gereçleri', parentCategoryId: 21 },
  { categoryId: 212, name: 'Küçük Ev Aletleri', parentCategoryId: 21 },
  { categoryId: 22, name: 'Dekorasyon', parentCategoryId: 2 },
  { categoryId: 221, name: 'Aydınlatma', parentCategoryId: 22 },
  { categoryId: 3, name: 'Moda', parentCategoryId: null },
  { categoryId: 31, name: 'Kadın', parentCategoryId: 3 },
  { categoryId: 311, name: 'Kadın Ayakkabı', parentCategoryId: 31 },
  { categoryId: 32, name: 'Erkek', parentCategoryId: 3 },
  { categoryId: 321, name: 'Erkek Saat', parentCategoryId: 32 },
  { categoryId: 33, name: 'Çanta', parentCategoryId: 3 },
  { categoryId: 4, name: 'Spor & Outdoor', parentCategoryId: null },
  { categoryId: 41, name: 'Kamp Malzemeleri', parentCategoryId: 4 },
  { categoryId: 42, name: 'Bisiklet', parentCategoryId: 4 },
];

/** Demo products: every leaf has some, every home collection has at least eight (D3). */
export const demoProducts: readonly DemoProduct[] = [
  // Dizüstü Bilgisayar
  { slug: 'ultrabook-14', name: 'Ultrabook 14 inç', description: 'İnce alüminyum kasa, 16 GB bellek, 1 TB SSD ve gün boyu pil ömrü.', price: 32999.9, categoryId: 111, collections: ['new', 'popular'], imageCount: 3 },
  { slug: 'oyun-laptopu-16', name: 'Oyun Dizüstü Bilgisayarı 16 inç', description: '165 Hz ekran, güçlü ekran kartı ve RGB aydınlatmalı klavye.', price: 45999, categoryId: 111, collections: ['popular'], imageCount: 3 },
  { slug: 'ogrenci-laptopu', name: 'Öğrenci Dizüstü Bilgisayarı', description: 'Ders, ödev ve görüntülü görüşme için hafif ve sessiz.', price: 14999, categoryId: 111, collections: ['discounted'], imageCount: 2 },
  { slug: 'chromebook-11', name: 'Hafif Chromebook 11 inç', description: null, price: 8999, categoryId: 111, collections: ['unusual'], imageCount: 2 },
  // Tablet
  { slug: 'tablet-10', name: 'Tablet 10 inç 128 GB', description: 'Film, kitap ve oyun için canlı renkli ekran.', price: 9499, categoryId: 112, collections: ['new'], imageCount: 3 },
  { slug: 'cizim-tableti', name: 'Çizim Tableti Kalemli', description: 'Basınca duyarlı kalemiyle dijital çizim ve not alma.', price: 3299, categoryId: 112, collections: ['unusual'], imageCount: 2 },
  { slug: 'cocuk-tableti', name: 'Çocuk Tableti Darbeye Dayanıklı', description: 'Silikon kılıflı, ebeveyn denetimli çocuk tableti.', price: 2499, categoryId: 112, collections: ['discounted'], imageCount: 2 },
  // Akıllı Telefon
  { slug: 'akilli-telefon-pro', name: 'Akıllı Telefon Pro 256 GB', description: 'Üçlü kamera, 120 Hz ekran ve hızlı şarj.', price: 54999, categoryId: 121, collections: ['new', 'popular'], imageCount: 3 },
  { slug: 'akilli-telefon-lite', name: 'Akıllı Telefon Lite 128 GB', description: 'Uygun fiyata büyük ekran ve uzun pil ömrü.', price: 12999, categoryId: 121, collections: ['discounted'], imageCount: 2 },
  { slug: 'katlanabilir-telefon', name: 'Katlanabilir Akıllı Telefon', description: 'Açıldığında tablete dönüşen esnek ekran.', price: 69999, categoryId: 121, collections: ['new', 'unusual'], imageCount: 3 },
  // Telefon Aksesuarları
  { slug: 'usb-c-sarj-kablosu', name: 'USB-C Şarj Kablosu 1 m', description: 'Örgülü, 60 W hızlı şarj destekli kablo.', price: 149.9, categoryId: 122, collections: ['popular', 'discounted'], imageCount: 2 },
  { slug: 'seffaf-telefon-kilifi', name: 'Şeffaf Telefon Kılıfı', description: null, price: 89.5, categoryId: 122, collections: ['popular'], imageCount: 2 },
  { slug: 'powerbank-20000', name: 'Powerbank 20000 mAh', description: 'İki cihazı aynı anda şarj eden taşınabilir batarya.', price: 899, categoryId: 122, collections: ['new'], imageCount: 3 },
  { slug: 'manyetik-arac-tutucu', name: 'Manyetik Araç Telefon Tutucu', description: 'Havalandırma ızgarasına takılan mıknatıslı tutucu.', price: 249, categoryId: 122, collections: ['unusual'], imageCount: 2 },
  // Kulaklık
  { slug: 'kablosuz-kulak-ici', name: 'Kablosuz Kulak İçi Kulaklık', description: 'Aktif gürültü engelleme ve şarj kutusuyla 30 saat.', price: 1799, categoryId: 131, collections: ['new', 'popular'], imageCount: 3 },
  { slug: 'kulak-ustu-kulaklik', name: 'Gürültü Önleyici Kulak Üstü Kulaklık', description: 'Yumuşak pedler ve katlanabilir tasarım.', price: 6499, categoryId: 131, collections: ['discounted'], imageCount: 2 },
  { slug: 'kemik-iletim-kulaklik', name: 'Kemik İletimli Spor Kulaklığı', description: 'Kulakları açık bırakan, terlemeye dayanıklı kulaklık.', price: 2999, categoryId: 131, collections: ['unusual'], imageCount: 2 },
  // Pişirme Gereçleri
  { slug: 'dokum-tava-28', name: 'Döküm Tava 28 cm', description: 'Isıyı eşit dağıtan, ömürlük döküm demir tava.', price: 1299, categoryId: 211, collections: ['popular'], imageCount: 3 },
  { slug: 'celik-tencere-seti', name: 'Çelik Tencere Seti 7 Parça', description: 'Tüm ocaklara uygun paslanmaz çelik set.', price: 3499, categoryId: 211, collections: ['discounted'], imageCount: 2 },
  { slug: 'bakir-cezve', name: 'Bakır Cezve', description: null, price: 399, categoryId: 211, collections: ['unusual'], imageCount: 2 },
  { slug: 'granit-wok', name: 'Granit Wok Tava', description: 'Yapışmaz granit kaplama, derin gövde.', price: 799, categoryId: 211, collections: ['new'], imageCount: 2 },
  // Küçük Ev Aletleri
  { slug: 'turk-kahvesi-makinesi', name: 'Türk Kahvesi Makinesi', description: 'Köpüklü Türk kahvesini dakikalar içinde pişirir.', price: 1899, categoryId: 212, collections: ['new', 'popular'], imageCount: 3 },
  { slug: 'yagsiz-fritoz', name: 'Yağsız Fritöz 5,5 L', description: 'Sıcak hava ile az yağlı kızartma.', price: 3999, categoryId: 212, collections: ['popular', 'discounted'], imageCount: 3 },
  { slug: 'el-blender-seti', name: 'El Blender Seti', description: 'Doğrayıcı ve çırpıcı başlıklı blender seti.', price: 1199, categoryId: 212, collections: [], imageCount: 2 },
  { slug: 'espresso-makinesi', name: 'Espresso Makinesi Çift Kazanlı', description: 'Aynı anda demleme ve süt köpürtme.', price: 24999, categoryId: 212, collections: ['new'], imageCount: 3 },
  // Aydınlatma
  { slug: 'ay-gece-lambasi', name: 'Ay Görünümlü Gece Lambası', description: 'Dokunmatik, üç renk ışıklı ay lambası.', price: 549, categoryId: 221, collections: ['new', 'unusual'], imageCount: 2 },
  { slug: 'ahsap-lambader', name: 'Ahşap Ayaklı Lambader', description: null, price: 2299, categoryId: 221, collections: [], imageCount: 2 },
  { slug: 'akilli-led-ampul', name: 'Akıllı LED Ampul RGB', description: 'Telefondan yönetilen, 16 milyon renkli ampul.', price: 299, categoryId: 221, collections: ['discounted'], imageCount: 2 },
  // Kadın Ayakkabı
  { slug: 'kadin-beyaz-sneaker', name: 'Kadın Beyaz Sneaker', description: 'Hafif tabanlı, günlük kullanıma uygun.', price: 1499, categoryId: 311, collections: ['popular'], imageCount: 3 },
  { slug: 'kadin-topuklu', name: 'Kadın Klasik Topuklu Ayakkabı', description: '7 cm topuk, rugan görünüm.', price: 1899, categoryId: 311, collections: ['discounted'], imageCount: 2 },
  { slug: 'desenli-yagmur-cizmesi', name: 'Desenli Yağmur Çizmesi', description: 'Su geçirmez, renkli desenli çizme.', price: 699, categoryId: 311, collections: ['unusual'], imageCount: 2 },
  // Erkek Saat
  { slug: 'erkek-kronograf-saat', name: 'Erkek Çelik Kronograf Saat', description: 'Safir cam, 100 m suya dayanıklı.', price: 7499, categoryId: 321, collections: ['new'], imageCount: 3 },
  { slug: 'akilli-saat-spor', name: 'Akıllı Saat Spor Kordonlu', description: 'Nabız, uyku ve adım takibi.', price: 3999, categoryId: 321, collections: ['popular', 'discounted'], imageCount: 2 },
  { slug: 'koleksiyonluk-cep-saati', name: 'Koleksiyonluk Cep Saati', description: 'Zincirli, kapaklı antika görünümlü cep saati. Fiyat için mağazaya danışın.', price: null, categoryId: 321, collections: ['unusual'], imageCount: 2 },
  // Çanta
  { slug: 'laptop-sirt-cantasi', name: 'Laptop Sırt Çantası', description: '15,6 inç bölmeli, su itici kumaş.', price: 899, categoryId: 33, collections: ['popular'], imageCount: 2 },
  { slug: 'deri-omuz-cantasi', name: 'Hakiki Deri Omuz Çantası', description: 'El dikişli, ayarlanabilir askılı.', price: 4299, categoryId: 33, collections: ['new'], imageCount: 3 },
  { slug: 'baskili-bez-canta', name: 'Baskılı Bez Çanta', description: 'Pamuklu, yıkanabilir alışveriş çantası.', price: 99.9, categoryId: 33, collections: ['unusual', 'discounted'], imageCount: 2 },
  // Kamp Malzemeleri
  { slug: 'kamp-cadiri-4', name: '4 Kişilik Kamp Çadırı', description: 'Kolay kurulum, çift katmanlı ve su geçirmez.', price: 4999, categoryId: 41, collections: ['popular'], imageCount: 3 },
  { slug: 'uyku-tulumu', name: 'Uyku Tulumu -5°C', description: 'Mumya tipi, sıkıştırma torbalı.', price: 1599, categoryId: 41, collections: ['discounted'], imageCount: 2 },
  { slug: 'katlanir-kamp-ocagi', name: 'Katlanır Kamp Ocağı', description: 'Kartuşlu, rüzgar korumalı mini ocak.', price: 749, categoryId: 41, collections: ['unusual'], imageCount: 2 },
  { slug: 'parasut-hamak', name: 'Paraşüt Kumaşı Hamak', description: '200 kg taşıma kapasiteli, ağaç kayışlı.', price: 499, categoryId: 41, collections: ['new', 'unusual'], imageCount: 2 },
  // Bisiklet
  { slug: 'elektrikli-sehir-bisikleti', name: 'Elektrikli Şehir Bisikleti', description: '60 km menzil, çıkarılabilir batarya.', price: 38999, categoryId: 42, collections: ['new', 'unusual'], imageCount: 3 },
  { slug: 'dag-bisikleti-29', name: 'Dağ Bisikleti 29 Jant', description: 'Alüminyum kadro, hidrolik disk fren.', price: 21999, categoryId: 42, collections: ['popular', 'discounted'], imageCount: 3 },
  { slug: 'bisiklet-kaski', name: 'Bisiklet Kaskı', description: 'Havalandırmalı, arka ışıklı kask.', price: 899, categoryId: 42, collections: [], imageCount: 2 },
  { slug: 'katlanir-bisiklet-20', name: 'Katlanır Bisiklet 20 Jant', description: 'Toplu taşımaya uygun, 10 saniyede katlanır.', price: 12499, categoryId: 42, collections: ['discounted'], imageCount: 2 },
];
