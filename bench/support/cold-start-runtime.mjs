// Our side of the cold-start row (bench/cold-start.bench.ts): a host's process that imports
// the packages the way a user does (their names, through the exports maps: whatever they serve),
// builds the runtime, lists the tools once and prints how many. Plain JavaScript, so it needs
// no loader of its own; argument: JSON of { gate, model }.
const { gate, model } = JSON.parse(process.argv[2]);
const { createToolRuntime } = await import('@tool-contracts/runtime');
const { builtInTools } = await import('@tool-contracts/tools');
const { SORTED_PROVIDER_TOOL_NAMES } = await import('@tool-contracts/tools/provider-order');
const runtime = createToolRuntime({
  builtInTools,
  sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
  gate,
  logger: { warn: () => {} },
});
process.stdout.write(String(runtime.getTools({ model }).length));
