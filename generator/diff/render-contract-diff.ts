/**
 * `diff`'s two renderings for people: one terminal screen (`contractDiffText`) and a pull
 * request comment (`contractDiffMarkdown`). `--json` prints the {@link ContractDiff} itself.
 */
import {
  CHANGE_CLASSES,
  type ChangeClass,
  type ContractChange,
  type ContractDiff,
  type ToolDiff,
} from './contract-change.js';

/** Lines of the terminal rendering before the rest is summed up (one screen). */
export const MAX_TERMINAL_LINES = 40;

export const CLASS_LABELS: Readonly<Record<ChangeClass, string>> = {
  breaking: 'breaking',
  safety: 'safety',
  'prompt-cache': 'prompt cache',
  compatible: 'compatible',
};

/** What was compared: `HEAD (5af9d00)`, or a directory as given. */
function againstLabel(diff: ContractDiff): string {
  return diff.commit === undefined ? diff.against : `${diff.against} (${diff.commit.slice(0, 7)})`;
}

function summaryLine(diff: ContractDiff): string {
  const counts = CHANGE_CLASSES.map(
    (changeClass) => `${CLASS_LABELS[changeClass]}: ${diff.summary[changeClass]}`,
  );
  const tools = diff.summary.tools === 1 ? '1 tool changed' : `${diff.summary.tools} tools changed`;
  return `${tools} — ${counts.join(', ')} (tools per class).`;
}

/** One row per change; the prompt-cache changes of a tool share one row naming the projections. */
export function changeRows(
  tool: ToolDiff,
): { readonly class: ChangeClass; readonly where: string; readonly message: string }[] {
  const rows: { class: ChangeClass; where: string; message: string }[] = [];
  const cache = tool.changes.filter((change) => change.class === 'prompt-cache');
  for (const change of tool.changes) {
    if (change.class === 'prompt-cache') {
      if (change === cache[0])
        rows.push({
          class: change.class,
          where: cache.map((item) => item.path).join(', '),
          message: cacheMessage(cache),
        });
      continue;
    }
    rows.push({ class: change.class, where: change.path, message: change.message });
  }
  return rows;
}

function cacheMessage(cache: readonly ContractChange[]): string {
  const messages = [...new Set(cache.map((change) => change.message))];
  // Sizes differ per projection: the first (the default context) speaks for them.
  return messages.length === 1 ? messages[0]! : messages[0]!.replace('(', `(${cache[0]!.path}: `);
}

function toolHeading(tool: ToolDiff): string {
  if (tool.status === 'renamed') return `${tool.tool} (renamed from ${tool.previousName})`;
  return tool.status === 'changed' ? tool.tool : `${tool.tool} (${tool.status})`;
}

export function contractDiffText(
  diff: ContractDiff,
  paint: (changeClass: ChangeClass, text: string) => string = (_, text) => text,
): string {
  const head = `Tool contracts of the working tree against ${againstLabel(diff)}`;
  if (diff.tools.length === 0) return `${head}: no contract changes.`;
  const lines = [`${head}:`, summaryLine(diff), ''];
  const labelWidth = Math.max(...Object.values(CLASS_LABELS).map((label) => label.length));
  let shown = 0;
  let hiddenChanges = 0;
  const hiddenTools = new Set<string>();
  for (const tool of diff.tools) {
    const rows = changeRows(tool);
    if (lines.length + 1 + rows.length > MAX_TERMINAL_LINES && shown > 0) {
      hiddenChanges += rows.length;
      hiddenTools.add(tool.tool);
      continue;
    }
    shown += 1;
    lines.push(toolHeading(tool));
    for (const row of rows)
      lines.push(
        `  ${paint(row.class, CLASS_LABELS[row.class].padEnd(labelWidth))}  ${row.where}: ${row.message}`,
      );
  }
  if (hiddenTools.size > 0)
    lines.push(
      '',
      `… ${hiddenChanges} more change${hiddenChanges === 1 ? '' : 's'} in ${hiddenTools.size} more tool${hiddenTools.size === 1 ? '' : 's'} (${[...hiddenTools].join(', ')}); --json or --format markdown shows all.`,
    );
  return lines.join('\n');
}

export function contractDiffMarkdown(diff: ContractDiff): string {
  const head = `### Tool contract changes against \`${diff.against}\`${diff.commit === undefined ? '' : ` (\`${diff.commit.slice(0, 7)}\`)`}`;
  if (diff.tools.length === 0) return `${head}\n\nNo contract changes.\n`;
  const lines = [
    head,
    '',
    `**${summaryLine(diff)}**`,
    '',
    '| Tool | Breaking | Safety | Prompt cache | Compatible |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const tool of diff.tools) {
    const count = (changeClass: ChangeClass): string => {
      const changes = tool.changes.filter((change) => change.class === changeClass);
      if (changes.length === 0) return '—';
      return changeClass === 'prompt-cache'
        ? changes.map((change) => change.path).join(', ')
        : String(changes.length);
    };
    lines.push(
      `| ${cell(toolHeading(tool))} | ${count('breaking')} | ${count('safety')} | ${count('prompt-cache')} | ${count('compatible')} |`,
    );
  }
  for (const tool of diff.tools) {
    lines.push('', `#### ${toolHeading(tool)}`, '');
    for (const row of changeRows(tool))
      lines.push(
        `- **${CLASS_LABELS[row.class]}** \`${row.where}\`: ${row.message.replace(/\r?\n/g, ' ')}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
