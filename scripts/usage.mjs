/**
 * `--help` for the project's scripts: every `npm run <script> -- --help`
 * prints the script's usage and exits 0 before it builds, starts or writes
 * anything (tests/unit/scriptsHelp.test.ts runs each one). The TypeScript scripts parse
 * their options with ./cliArgs.ts.
 */
/** True when `argv` asks for help (`--help` or `-h`). */
export const wantsHelp = (argv = process.argv.slice(2)) => argv.includes('--help') || argv.includes('-h');

/** When `argv` asks for help, prints `usage` (trimmed) and exits 0. */
export function exitWithUsageIfAsked(usage, argv = process.argv.slice(2)) {
  if (!wantsHelp(argv)) return;
  console.log(usage.trim());
  process.exit(0);
}
