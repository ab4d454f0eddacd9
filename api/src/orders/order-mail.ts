import { lineName } from '@shop/core/domain/order';
import { escapeHtml } from '../mail/mail-templates';
import type { LegalDocument } from '../legal/contract-documents';
import type { OutgoingMail } from '../mail/mailer';
import type { OrderAddress, WireOrder } from './order-schemas';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `$1,234.50` (D8). */
const money = (amount: number) => usd.format(amount);

/** The address as a label would print it, one line per part, empty parts left out. */
export function addressLines(address: OrderAddress): string[] {
  const street = [address.streetOrAvenue, address.building && `No ${address.building}`, address.apartment && `Apt ${address.apartment}`];
  const place = [address.neighbourNameInitialCapital, address.subMunicipalityNameInitialCapital, address.stateName, address.postalCode];
  return [
    address.receiverName,
    street.filter(Boolean).join(', '),
    address.addressDetails,
    place.filter(Boolean).join(', '),
    address.countryName,
  ].filter((line) => line.trim() !== '');
}

/**
 * The order confirmation (D19), built by the server like every mail (D6): the order number, the
 * lines with the prices charged, the fee and total, where it ships and how it is paid; then the
 * accepted pre-information form and distance sales contract in full (D24: the shopper's copy on a
 * durable medium). It has no link.
 */
export function orderConfirmationMail(
  to: string,
  order: WireOrder,
  paymentLabel: string,
  contract: readonly LegalDocument[] = [],
): OutgoingMail {
  const intro = `Thank you for your order ${order.orderNumber}.`;
  const lines = order.lines.map((line) => `${line.quantity} × ${lineName(line)} at ${money(line.prodPrice)}: ${money(line.lineTotal)}`);
  const sums = [
    `Products: ${money(order.productTotal)}`,
    `Shipping: ${order.shippingFee === 0 ? 'Free' : money(order.shippingFee)}`,
    `Total: ${money(order.total)}`,
  ];
  const shipTo = addressLines(order.shippingAddress);
  const payment = `Payment: ${paymentLabel}`;
  const paragraphs: string[][] = [[intro], lines, sums, ['Shipping to:', ...shipTo], [payment]];
  if (contract.length > 0) {
    paragraphs.push([
      'The pre-information form and the distance sales contract you accepted with this order follow (Ön Bilgilendirme Formu ve Mesafeli Satış Sözleşmesi).',
    ]);
  }
  const documentsText = contract.map((document) => `\n\n${document.title}\n\n${document.text}`).join('\n');
  const documentsHtml = contract
    .map(
      (document) =>
        `<h2>${escapeHtml(document.title)}</h2>` +
        document.text
          .split('\n\n')
          .map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`)
          .join(''),
    )
    .join('');
  return {
    to,
    subject: `Your order ${order.orderNumber}`,
    text: `${paragraphs.map((paragraph) => paragraph.join('\n')).join('\n\n')}${documentsText}\n`,
    html: paragraphs.map((paragraph) => `<p>${paragraph.map(escapeHtml).join('<br>')}</p>`).join('') + documentsHtml,
    links: [],
  };
}
