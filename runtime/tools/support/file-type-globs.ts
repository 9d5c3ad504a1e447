/**
 * Grep's `type` filter: file types by name, as ripgrep's `--type` knows them (a subset), each a
 * list of file-name globs.
 */
export const FILE_TYPE_GLOBS: Readonly<Record<string, readonly string[]>> = {
  c: ['*.c', '*.h'],
  cpp: ['*.cpp', '*.cc', '*.cxx', '*.hpp', '*.hh', '*.hxx', '*.h'],
  cs: ['*.cs'],
  css: ['*.css', '*.scss', '*.sass', '*.less'],
  go: ['*.go'],
  html: ['*.html', '*.htm'],
  java: ['*.java'],
  js: ['*.js', '*.mjs', '*.cjs', '*.jsx'],
  json: ['*.json', '*.jsonc'],
  kotlin: ['*.kt', '*.kts'],
  md: ['*.md', '*.markdown', '*.mdx'],
  php: ['*.php'],
  py: ['*.py', '*.pyi'],
  rb: ['*.rb'],
  rust: ['*.rs'],
  scala: ['*.scala', '*.sc'],
  sh: ['*.sh', '*.bash', '*.zsh'],
  sql: ['*.sql'],
  swift: ['*.swift'],
  toml: ['*.toml'],
  ts: ['*.ts', '*.tsx', '*.mts', '*.cts'],
  xml: ['*.xml'],
  yaml: ['*.yaml', '*.yml'],
};
