/**
 * Option parsing for the TypeScript scripts: node:util parseArgs (strict) with `--help`.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { exitWithUsageIfAsked } from './usage.mjs';

/**
 * Prints `usage` and exits 0 when the arguments ask for help (`--help`, `-h`); otherwise parses them. An
 * unknown option or a missing value exits 2 with "<name>: <what is wrong>" and the usage, never a stack trace.
 * @param name the script's name in messages, e.g. "books:check"
 */
export function parseArgsOrExit<T extends ParseArgsConfig>(
  name: string,
  usage: string,
  config: T,
): ReturnType<typeof parseArgs<T>> {
  exitWithUsageIfAsked(usage, [...(config.args ?? process.argv.slice(2))]);
  try {
    return parseArgs<T>({ strict: true, ...config });
  } catch (e) {
    console.error(`${name}: ${e instanceof Error ? e.message : String(e)}\n\n${usage.trim()}`);
    process.exit(2);
  }
}
