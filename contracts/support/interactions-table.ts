import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The parts of a V4 pact interaction the table shows. */
export interface TabledInteraction {
  type: string;
  description: string;
  providerStates?: { name: string }[];
  request?: { method: string; path: string; generators?: { path?: { expression?: string } } };
  response?: { status: number };
  metadata?: { event?: string };
}

export interface PactFileContents {
  interactions: TabledInteraction[];
}

/** Where docs/contracts.md holds the generated part; everything between the markers is replaced. */
export const TABLE_START = '<!-- interactions table: generated from contracts/pacts by `npm run docs:contracts`; do not edit -->';
export const TABLE_END = '<!-- end of the interactions table -->';

/** Every pact file of the folder, by name. */
export function readPactFiles(dir: string): PactFileContents[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as PactFileContents);
}

/** The request path as the pact means it: an injected segment (`${orderId}`) as `{orderId}`. */
function requestPath(request: NonNullable<TabledInteraction['request']>): string {
  const expression = request.generators?.path?.expression;
  return expression ? expression.replace(/\$\{([^}]+)\}/g, '{$1}') : request.path;
}

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/**
 * The markdown between the markers: how many interactions there are, and one row per
 * interaction (call, status, what it is, provider states), sorted by call, so the order the
 * consumer tests ran in does not matter.
 */
export function interactionsTable(pacts: readonly PactFileContents[]): string {
  const interactions = pacts.flatMap((pact) => pact.interactions);
  const http = interactions.filter((interaction) => interaction.type === 'Synchronous/HTTP' && interaction.request);
  const messages = interactions.filter((interaction) => interaction.type === 'Asynchronous/Messages');
  const rows = interactions.map((interaction) => {
    const states = (interaction.providerStates ?? []).map((state) => `\`${cell(state.name)}\``).join(', ') || '—';
    if (interaction.request) {
      const call = `${interaction.request.method.toUpperCase()} ${requestPath(interaction.request)}`;
      return { call: `\`${cell(call)}\``, status: String(interaction.response?.status ?? ''), what: cell(interaction.description), states };
    }
    const event = interaction.metadata?.event ?? interaction.description;
    return { call: `socket.io \`${cell(event)}\` (message)`, status: '—', what: cell(interaction.description), states };
  });
  rows.sort((a, b) => a.call.localeCompare(b.call, 'en') || a.status.localeCompare(b.status) || a.what.localeCompare(b.what, 'en'));
  const count =
    `${interactions.length} interactions: ${http.length} HTTP ones and ${messages.length} asynchronous ` +
    `message${messages.length === 1 ? '' : 's'}${interactions.length > http.length + messages.length ? ', and others' : ''}.`;
  return [
    count,
    '',
    '| Call | Status | Interaction | Provider states |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.call} | ${row.status} | ${row.what} | ${row.states} |`),
  ].join('\n');
}

/** `markdown` with the part between the markers replaced by `table`. */
export function withTable(markdown: string, table: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`docs/contracts.md lacks the markers ${TABLE_START} ... ${TABLE_END}`);
  return `${markdown.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${markdown.slice(end)}`;
}

/** The generated part of `markdown` as it stands, or null without the markers. */
export function tableIn(markdown: string): string | null {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  return start < 0 || end < start ? null : markdown.slice(start + TABLE_START.length, end).trim();
}
